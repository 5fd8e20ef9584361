/**
 * `npm run import:legacy -- --from <old base URL> --email <staff e-mail> [--password-stdin]
 * [--campsite <id>] [--dry-run] [--json] [--invite-users]`: brings a campsite's history over from the old CRM
 * through its legacy API. Safe to run again; a killed run resumes where it stopped.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';

// The report (or its JSON) is this command's standard output: the server code's log lines go to stderr.
process.env.LOG_TO_STDERR = '1';
await import('./load-env');
const { env } = await import('../lib/env');
env();
const { getDb, closeDb } = await import('../db/client');
const { connectLegacy, LegacyImportError } = await import('../lib/legacy-import/client');
const { runLegacyImport } = await import('../lib/legacy-import/run');
const { formatReport } = await import('../lib/legacy-import/report-text');
const { runJobWork } = await import('../lib/context/unit-of-work');
const { inviteImportedUsers } = await import('../lib/workflows/invite-imported-users');

const USAGE =
  'Uso: npm run import:legacy -- --from <indirizzo del vecchio CRM> --email <e-mail di un utente> [--password-stdin] [--campsite <id>] [--dry-run] [--json] [--invite-users]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      from: { type: 'string' },
      email: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      campsite: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      rate: { type: 'string' },
      'invite-users': { type: 'boolean', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (!args.from || !args.email) fail(`Mancano --from o --email.\n${USAGE}`);
if (args['invite-users'] && args['dry-run']) fail('--invite-users non vale con --dry-run: una prova non porta utenti da invitare.');

async function readPassword(): Promise<string> {
  if (args['password-stdin']) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  if (process.env.LEGACY_IMPORT_PASSWORD) return process.env.LEGACY_IMPORT_PASSWORD;
  if (!process.stdin.isTTY) fail('Password mancante: usa --password-stdin o la variabile LEGACY_IMPORT_PASSWORD.');
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // The typed password is not echoed.
  (prompt as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
  process.stderr.write(`Password di ${args.email} sul vecchio CRM: `);
  const password = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  process.stderr.write('\n');
  return password;
}

const rate = args.rate ? Number(args.rate) : undefined;
if (rate !== undefined && !(rate > 0 && rate <= 200)) fail('--rate: chiamate al secondo fra 1 e 200.');

function formatInvitations({ invited, alreadyInvited }: { invited: string[]; alreadyInvited: string[] }): string {
  const lines = ['', `Inviti agli utenti importati: ${invited.length} in coda nella posta in uscita, ${alreadyInvited.length} già invitati con questa importazione.`];
  for (const email of invited) lines.push(`  invitato: ${email}`);
  for (const email of alreadyInvited) lines.push(`  già invitato: ${email}`);
  return `${lines.join('\n')}\n`;
}

const started = performance.now();
/** The bar counts kinds (the old system gives no totals for most); the line beside it shows the page and the counts. */
const bar = (done: number, of: number) => {
  const width = 20;
  const filled = Math.round((done / Math.max(1, of)) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done + 1}/${of}`;
};
try {
  const client = await connectLegacy({ baseUrl: args.from!, email: args.email!, password: await readPassword(), ratePerSecond: rate });
  const result = await runLegacyImport(getDb(), {
    client,
    sourceUrl: args.from!,
    campsiteId: args.campsite,
    dryRun: args['dry-run'],
    onProgress: (progress) => {
      if (!process.stderr.isTTY) return;
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stderr.write(
        `\r${bar(progress.kindIndex, progress.kindCount)} ${progress.label}: pagina ${progress.page}, letti ${progress.counts.read}, scritti ${progress.counts.written}, uguali ${progress.counts.unchanged}, scartati ${progress.counts.skipped} · ${seconds} s   `,
      );
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  // The imported users get their one-time links only when the operator asks (no password crosses).
  const invitations = args['invite-users']
    ? await runJobWork(result.campsiteId, 'legacy-import invitations', (ctx) => inviteImportedUsers(ctx, result.importId))
    : null;
  process.stdout.write(
    args.json
      ? `${JSON.stringify(invitations ? { ...result, invitations } : result, null, 2)}\n`
      : formatReport(result, (performance.now() - started) / 1000) + (invitations ? formatInvitations(invitations) : ''),
  );
  await closeDb();
  process.exit(0);
} catch (error) {
  if (process.stderr.isTTY) process.stderr.write('\n');
  process.stderr.write(`${error instanceof LegacyImportError ? error.message : `Importazione interrotta: ${(error as Error).message}`}\n`);
  await closeDb();
  process.exit(1);
}
