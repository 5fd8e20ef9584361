import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/** The server's encryptSecret (lib/crypto/secret-box.ts) with the key playwright.config.ts gave it: rows a test writes read like the server's own. */
export function encryptForServer(plain: string): string {
  const key = createHash('sha256').update(process.env.E2E_DATA_ENCRYPTION_KEY!).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}
