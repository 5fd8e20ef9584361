import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';

/** What the job needs to log in on the old CRM. */
export type ImportSecret = { email: string; password: string };

export const sealImportSecret = (secret: ImportSecret): string => encryptSecret(JSON.stringify(secret));

/** null when it cannot be read (another DATA_ENCRYPTION_KEY, a damaged value): the run asks for the login again. */
export function openImportSecret(stored: string | null): ImportSecret | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(decryptSecret(stored)) as Partial<ImportSecret>;
    if (typeof parsed.email !== 'string' || typeof parsed.password !== 'string') return null;
    return { email: parsed.email, password: parsed.password };
  } catch {
    return null;
  }
}
