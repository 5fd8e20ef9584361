import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

const VERSION = 'v1';

// Outside production (tests, `next dev`) a fixed development key keeps the zero-setup promise;
// production refuses to start without DATA_ENCRYPTION_KEY (lib/env.ts).
const DEVELOPMENT_KEY = 'chiave-di-sviluppo-non-usare-in-produzione';

function key(): Buffer {
  // Any string of 32+ characters: hashed to the 32 bytes AES-256 needs.
  return createHash('sha256').update(env().DATA_ENCRYPTION_KEY ?? DEVELOPMENT_KEY).digest();
}

/** AES-256-GCM with a random 96-bit IV; the result is 'v1.<iv>.<tag>.<ciphertext>' in base64url. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function isEncrypted(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`) && stored.split('.').length === 4;
}

/** The clear text, for the server's own use only (calling the mailing provider); never for an answer. */
export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Segreto cifrato in un formato sconosciuto.');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** What screens and answers show of a secret: that it is set, and its last four characters. */
export function maskSecret(stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    const plain = isEncrypted(stored) ? decryptSecret(stored) : stored;
    return `impostata (…${plain.slice(-4)})`;
  } catch {
    // Encrypted with another DATA_ENCRYPTION_KEY: set, but to be entered again.
    return 'impostata (non leggibile con la chiave attuale: inseriscila di nuovo)';
  }
}
