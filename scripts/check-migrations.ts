/**
 * Part of `npm run lint`: the migrations the previous release has not applied yet must not break
 * it during a rolling deploy (docs/decisions/024-migrations-expand-then-contract.md). The previous
 * release is the newest git tag `release-*`; without any tag, the migrations up to 0026, all
 * released before this rule, are the baseline. A destructive statement passes only in a file
 * with an `-- expand/contract: …` comment that explains the two steps.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { destructiveStatements, expandContractNote } from './migrations/destructive';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JOURNAL = 'db/migrations/meta/_journal.json';
/** The last migration released before the rule existed (0026_legacy-import-secret). */
const BASELINE_IDX = 26;

type Journal = { entries: { idx: number; tag: string }[] };

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function released(): { label: string; tags: Set<string> } {
  const tag = git(['tag', '--list', 'release-*', '--sort=-creatordate'])?.split('\n').find(Boolean);
  const journal = tag ? git(['show', `${tag}:${JOURNAL}`]) : null;
  if (tag && journal) return { label: `rilascio ${tag}`, tags: new Set((JSON.parse(journal) as Journal).entries.map((entry) => entry.tag)) };
  const current = JSON.parse(readFileSync(path.join(root, JOURNAL), 'utf8')) as Journal;
  return { label: `nessun tag release-*: base fino a ${String(BASELINE_IDX).padStart(4, '0')}`, tags: new Set(current.entries.filter((entry) => entry.idx <= BASELINE_IDX).map((entry) => entry.tag)) };
}

const journal = JSON.parse(readFileSync(path.join(root, JOURNAL), 'utf8')) as Journal;
const previous = released();
const pending = journal.entries.filter((entry) => !previous.tags.has(entry.tag));
let refused = 0;
for (const entry of pending) {
  const sql = readFileSync(path.join(root, 'db/migrations', `${entry.tag}.sql`), 'utf8');
  const findings = destructiveStatements(sql);
  if (findings.length === 0) continue;
  const note = expandContractNote(sql);
  if (note) {
    console.log(`${entry.tag}: ${findings.length} passi distruttivi ammessi (expand/contract: ${note})`);
    continue;
  }
  refused += 1;
  for (const finding of findings) console.error(`${entry.tag}.sql: ${finding.reason}:\n  ${finding.statement.slice(0, 200)}`);
}
if (refused > 0) {
  console.error(
    `\n${refused} migrazioni rompono il rilascio precedente durante un aggiornamento a rotazione (${previous.label}).\n` +
      'Prima si aggiunge, poi si toglie in un rilascio successivo; se il passo è già il secondo, scriverlo nel file:\n' +
      '  -- expand/contract: <quale rilascio ha smesso di usarlo, o perché il codice vecchio non ne risente>',
  );
  process.exit(1);
}
console.log(`Migrazioni sicure per il rilascio precedente: ${pending.length} da controllare (${previous.label}).`);
