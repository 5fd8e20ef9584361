import { createHash, timingSafeEqual } from 'node:crypto';

/** Tokens are stored only as their SHA-256: a leaked table holds nothing usable. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(hashSecret(a));
  const right = Buffer.from(hashSecret(b));
  return timingSafeEqual(left, right);
}
