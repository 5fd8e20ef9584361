// Gives the embedded demo a session secret of its own, once: written to .env.local (git-ignored),
// which Next.js and our scripts load. A deployment sets AUTH_SECRET in its environment instead.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, appendFileSync } from 'node:fs';

const file = '.env.local';
const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
if (process.env.AUTH_SECRET || /^AUTH_SECRET=/m.test(current)) process.exit(0);
const line = `${current && !current.endsWith('\n') ? '\n' : ''}AUTH_SECRET=${randomBytes(32).toString('base64url')}\n`;
appendFileSync(file, line);
console.log('Creato .env.local con una AUTH_SECRET casuale per la demo.');
