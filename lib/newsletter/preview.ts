import { randomUUID } from 'node:crypto';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { TransportError } from '@/lib/mail/transport';
import { logger } from '@/lib/ops/logger.mjs';
import { newsletterPlaceholderError } from '@/lib/templates/placeholders';
import { countSendable, sampleRecipient } from './audience';
import { campsiteSender, type ProviderFactory } from './campsite-provider';
import { personalize, type NewsletterRecipient } from './personalize';
import type { BatchMail } from './provider';

/** languageId: the newsletter's language, which its unsubscribe line follows. */
export type NewsletterDraftContent = { listId: string; subject: string; html: string; origin: string; languageId?: number | null };

export type NewsletterPreview = {
  /** Members who would receive it now, each address once. */
  recipients: number;
  /** The real member the preview is filled with; null when nobody would receive it. */
  member: NewsletterRecipient | null;
  mail: BatchMail | null;
};

/**
 * The staff's newsletter holds only what a newsletter can fill: {{arrivo}} or {{linkPreventivo}}
 * (a quote template's text) would reach every guest as «con arrivo il .», a typo such as {{nomee}}
 * as written. The preview, the test send and the start of /stepsMailing refuse it, naming them.
 */
export function assertNewsletterPlaceholders(input: { subject: string; html: string }) {
  const wrong = newsletterPlaceholderError(input.subject, input.html);
  if (wrong) throw new AppError('bad_request', wrong);
}

/** The resume step: how many would receive it, and the mail as its first recipient will read it. */
export async function previewNewsletter(ctx: CampsiteCtx, input: NewsletterDraftContent, factory?: ProviderFactory): Promise<NewsletterPreview> {
  assertNewsletterPlaceholders(input);
  const list = { listId: input.listId };
  const [recipients, member, sender] = await Promise.all([countSendable(ctx, list), sampleRecipient(ctx, list), campsiteSender(ctx, factory)]);
  const mail = member ? personalize({ subject: input.subject, html: input.html, from: sender.from, origin: input.origin, languageId: input.languageId ?? null }, sender.campsite, member) : null;
  return { recipients, member, mail };
}

/** A refusal for good is nearly always the campsite's key (wrong, revoked, or its sender domain not verified). */
const TEST_SEND_REFUSED =
  'Invio di prova non riuscito: il fornitore di posta ha rifiutato l’invio. Controlla (o fai controllare a un amministratore) la chiave API e la chiave segreta nelle impostazioni del campeggio, scheda Mailing; se sono giuste, scrivi all’assistenza.';
const TEST_SEND_NO_ANSWER = 'Invio di prova non riuscito: il fornitore di posta non ha risposto. Riprova tra qualche minuto.';

/**
 * A test send to the staff's own address, with the campsite's key: the mail a real member would
 * get (their name, their unsubscribe link), its subject marked as a test.
 */
export async function sendTestNewsletter(ctx: CampsiteCtx, input: NewsletterDraftContent & { to: string }, factory?: ProviderFactory): Promise<{ providerMessageId: string }> {
  assertNewsletterPlaceholders(input);
  const sender = await campsiteSender(ctx, factory);
  const member = (await sampleRecipient(ctx, input)) ?? { contactId: 'anteprima', email: input.to, firstName: 'Mario', lastName: 'Rossi', languageId: 1 };
  const mail = personalize({ subject: input.subject, html: input.html, from: sender.from, origin: input.origin, languageId: input.languageId ?? null }, sender.campsite, member);
  try {
    const { ids } = await sender.provider.sendBatch([{ ...mail, to: input.to, subject: `[PROVA] ${mail.subject}` }], `prova-${randomUUID()}`);
    return { providerMessageId: ids[0] };
  } catch (error) {
    // The staff read what to do; the provider's own answer (status, code, host) goes to the log.
    logger.error({ err: error }, 'Newsletter: invio di prova non riuscito');
    if (error instanceof TransportError && !error.retryable) throw new AppError('unavailable', TEST_SEND_REFUSED);
    throw new AppError('unavailable', TEST_SEND_NO_ANSWER);
  }
}
