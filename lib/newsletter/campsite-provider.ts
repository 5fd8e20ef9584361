import { eq } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { fromWithDisplayName } from '@/lib/mail/sender-name';
import { sendSlotKey } from '@/lib/mail/send-slots';
import { NO_PROVIDER } from './campaign-start';
import type { NewsletterCampsite } from './personalize';
import { outboxCaptureProvider } from './outbox-capture';
import { defaultNewsletterProvider, newslettersLeave, type NewsletterProvider } from './provider';

export type CampsiteSender = {
  campsite: NewsletterCampsite;
  provider: NewsletterProvider;
  /** Identifies the key for the shared send slots without storing it. */
  keyHash: string;
  from: string;
};

/**
 * Tests may hand in a provider factory; by default Resend with the campsite's key, or, while the
 * installation sends no mail (the demo), the capture that keeps every mail in the campsite's outbox.
 */
export type ProviderFactory = (apiKey: string) => NewsletterProvider;

/** The campsite's own provider key, decrypted, with the sender it mails as. */
export async function campsiteSender({ db, campsiteId }: CampsiteCtx, factory?: ProviderFactory): Promise<CampsiteSender> {
  const [row] = await db
    .select({ id: campsites.id, name: campsites.name, contacts: campsites.contacts, key: campsites.mailjetApiKey, secret: campsites.mailjetSecret })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  if (!row) throw new AppError('not_found', 'Campeggio non trovato.');
  if (!row.key || !row.secret) throw new AppError('conflict', NO_PROVIDER);
  const apiKey = decryptSecret(row.key);
  return {
    campsite: { id: row.id, name: row.name, contacts: row.contacts },
    provider: factory ? factory(apiKey) : newslettersLeave() ? defaultNewsletterProvider(apiKey) : outboxCaptureProvider(db, campsiteId),
    keyHash: sendSlotKey(apiKey),
    from: fromWithDisplayName(env().MAIL_FROM, row.name),
  };
}
