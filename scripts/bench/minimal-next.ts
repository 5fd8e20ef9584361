/**
 * The floor of `npm run bench:http`: the minimal Next 16 app of scripts/bench/minimal-next (one
 * route handler, a tiny JSON), built once with the installed `next` into a folder of the system's
 * temporary directory named after its sources, with a link to the repository's node_modules.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const source = path.join(import.meta.dirname, 'minimal-next');

function digest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}

/** The folder of the built app (its server.mjs starts it); built only when its sources changed. */
export function minimalNextApp(root: string): string {
  const nextPackage = JSON.parse(readFileSync(path.join(root, 'node_modules/next/package.json'), 'utf8')) as { version: string };
  const dir = path.join(os.tmpdir(), `crm-bench-minimal-next-${nextPackage.version}-${digest(source)}`);
  if (existsSync(path.join(dir, '.next/BUILD_ID'))) return dir;
  cpSync(source, dir, { recursive: true });
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  console.log(`Build del Next minimo (${nextPackage.version})…`);
  // Turbopack refuses a node_modules that is a link out of the project: webpack builds it.
  execFileSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build', '--webpack'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  return dir;
}
