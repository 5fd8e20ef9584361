import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended profile: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('utente-inesistente-per-tempo-costante');
  return dummyHash;
}

/**
 * The hash of an account that has no password yet (a user imported from the old CRM: passwords
 * never cross). Not an argon2 hash, so no password verifies against it, and it says so.
 */
const NO_PASSWORD = '!nessuna-password';
export const noPasswordHash = () => NO_PASSWORD;
export const hasUsablePassword = (passwordHash: string) => !passwordHash.startsWith(NO_PASSWORD);
