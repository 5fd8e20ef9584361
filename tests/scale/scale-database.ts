import postgres from 'postgres';
import { appLoginUrl } from '../helpers/app-login';
import { startProcess, type Started } from './cluster';

/**
 * The preamble every test of `npm run test:scale` shares: a database of its own beside
 * DATABASE_URL's (named with `suffix`, which .ci/run drops at the end), migrated and seeded by the
 * project's own scripts, and the production server started on a port. The build comes from the
 * npm script (scripts/ensure-build.sh).
 */
export function scaleDatabase(suffix: string) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('npm run test:scale vuole DATABASE_URL (un PostgreSQL): più server non possono condividere il PGlite incorporato.');
  const target = new URL(base);
  target.pathname = `/${decodeURIComponent(target.pathname.slice(1)) || 'postgres'}_${suffix}`;
  const url = target.toString();
  const name = target.pathname.slice(1);
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  /** The test's own connection to its database, for what it arranges and checks directly. */
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  return {
    url,
    sql,
    /** Dropped if left by an earlier run, created, migrated and seeded with the demo data. */
    async create(): Promise<void> {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}"`);
      await run('node_modules/.bin/tsx', ['db/migrate.ts'], { DATABASE_URL: url });
      await run('node_modules/.bin/tsx', ['db/seed.ts'], { DATABASE_URL: url });
    },
    /** The non-owner login's address: the staff's requests run as it, as in production. */
    appUrl: () => appLoginUrl(url),
    async close({ drop }: { drop: boolean }): Promise<void> {
      await sql.end();
      if (drop) await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Runs a command to its end; its output is in the error when it fails. */
function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  const started = startProcess(command, command, args, env);
  return new Promise((resolve, reject) =>
    started.child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${code}\n${started.output.join('')}`)))),
  );
}

/** The production server itself (server.mjs over the build), not a wrapper: a signal must hit the process that serves. */
export function startServer(name: string, port: number, env: Record<string, string>): Started {
  return startProcess(name, process.execPath, ['server.mjs', '--port', String(port), '--hostname', '127.0.0.1'], { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env });
}
