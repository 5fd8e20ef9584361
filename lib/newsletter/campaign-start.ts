import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { campaigns, campsites, mailingLists, templates } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { enqueueNewsletterSend } from './jobs';

export type StartNewsletterInput = {
  campsiteId: string;
  listId: string;
  subject: string;
  html: string;
  templateId?: string | null;
  languageId?: number | null;
  /** Send at this time; now when missing or past. */
  sendAt?: Date | null;
  createdBy?: string | null;
};

export const NO_PROVIDER =
  'Per inviare newsletter imposta la chiave API e il segreto del provider di posta nelle impostazioni del campeggio.';

/** The campsite's provider key and signing secret, or a clear refusal. */
export async function assertMailingProvider(db: DbOrTx, campsiteId: string): Promise<void> {
  const [row] = await db
    .select({ key: campsites.mailjetApiKey, secret: campsites.mailjetSecret })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  if (!row?.key || !row.secret) throw new AppError('conflict', NO_PROVIDER);
}

async function assertOwned(db: DbOrTx, campsiteId: string, input: StartNewsletterInput) {
  const [list] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, input.listId), eq(mailingLists.campingId, campsiteId)));
  if (!list) throw new AppError('not_found', 'Lista non trovata.');
  if (input.templateId) {
    const [template] = await db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, input.templateId), eq(templates.campingId, campsiteId)));
    if (!template) throw new AppError('not_found', 'Modello non trovato.');
  }
}

/**
 * Creates the newsletter and queues its send job (now, or at sendAt). The recipients are read
 * when the job runs, so a guest who unsubscribes before a scheduled send gets nothing.
 */
export async function startNewsletter(db: Database, input: StartNewsletterInput): Promise<{ campaignId: string; status: 'scheduled' | 'sending' }> {
  const { campsiteId } = input;
  if (!input.subject.trim()) throw new AppError('bad_request', 'L’oggetto della newsletter è vuoto.');
  if (!input.html.trim()) throw new AppError('bad_request', 'Il testo della newsletter è vuoto.');
  await assertMailingProvider(db, campsiteId);
  await assertOwned(db, campsiteId, input);
  const later = input.sendAt && input.sendAt.getTime() > Date.now() + 30_000 ? input.sendAt : null;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      campingId: campsiteId,
      listId: input.listId,
      templateId: input.templateId ?? null,
      subject: input.subject.trim(),
      html: input.html,
      languageId: input.languageId ?? null,
      createdBy: input.createdBy ?? null,
      status: later ? 'scheduled' : 'sending',
      scheduledAt: later ?? new Date(),
    })
    .returning({ id: campaigns.id });
  await enqueueNewsletterSend({ campsiteId, campaignId: campaign.id }, later);
  return { campaignId: campaign.id, status: later ? 'scheduled' : 'sending' };
}
