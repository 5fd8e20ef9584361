// Gives the embedded demo its own secrets, once: written to .env.local (git-ignored), which Next.js
// and our scripts load. A deployment sets them in its environment instead.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const file = '.env.local';
for (const name of ['AUTH_SECRET', 'DATA_ENCRYPTION_KEY']) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (process.env[name] || new RegExp(`^${name}=`, 'm').test(current)) continue;
  appendFileSync(file, `${current && !current.endsWith('\n') ? '\n' : ''}${name}=${randomBytes(32).toString('base64url')}\n`);
  console.log(`Scritta in .env.local una ${name} casuale per la demo.`);
}
