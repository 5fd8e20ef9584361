import { and, eq } from 'drizzle-orm';
import { campaigns, campsites, mailingLists, templates, type CampaignStatus } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { wakeNewsletterWorkers } from './jobs';

export type StartNewsletterInput = {
  listId: string;
  subject: string;
  html: string;
  templateId?: string | null;
  languageId?: number | null;
  /** Send at this time; now when missing or past. */
  sendAt?: Date | null;
  createdBy?: string | null;
  /** A draft campaign (/addCampaign) to send; a campaign already started is not sent again. */
  campaignId?: string | null;
};

export const NO_PROVIDER =
  'Per inviare newsletter imposta la chiave API e il segreto del provider di posta nelle impostazioni del campeggio.';

/** Whether the campsite has its provider key and signing secret: without them no newsletter can leave. */
export async function mailingProviderReady({ db, campsiteId }: CampsiteCtx): Promise<boolean> {
  const [row] = await db
    .select({ key: campsites.mailjetApiKey, secret: campsites.mailjetSecret })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  return Boolean(row?.key && row.secret);
}

/** The campsite's provider key and signing secret, or a clear refusal. */
export async function assertMailingProvider(ctx: CampsiteCtx): Promise<void> {
  if (!(await mailingProviderReady(ctx))) throw new AppError('conflict', NO_PROVIDER);
}

/** Where an administrator sets the provider's key and secret (the campsite's settings, mailing tab). */
export const mailingSettingsHref = (campsiteId: string) => `/settings?v=showCamp&campingID=${encodeURIComponent(campsiteId)}&tab=mailing`;

async function assertOwned({ db, campsiteId }: CampsiteCtx, input: StartNewsletterInput) {
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
export async function startNewsletter(
  ctx: CampsiteCtx,
  input: StartNewsletterInput,
): Promise<{ campaignId: string; status: CampaignStatus; started: boolean }> {
  const { db, campsiteId } = ctx;
  if (!input.subject.trim()) throw new AppError('bad_request', 'L’oggetto della newsletter è vuoto.');
  if (!input.html.trim()) throw new AppError('bad_request', 'Il testo della newsletter è vuoto.');
  await assertOwned(ctx, input);
  await assertMailingProvider(ctx);
  const later = input.sendAt && input.sendAt.getTime() > Date.now() + 30_000 ? input.sendAt : null;
  const values = {
    listId: input.listId,
    templateId: input.templateId ?? null,
    subject: input.subject.trim(),
    html: input.html,
    languageId: input.languageId ?? null,
    status: later ? ('scheduled' as const) : ('sending' as const),
    scheduledAt: later ?? new Date(),
  };
  let campaignId: string;
  if (input.campaignId) {
    const [existing] = await db
      .select({ id: campaigns.id, status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.campingId, campsiteId)));
    if (!existing) throw new AppError('not_found', 'Newsletter non trovata.');
    // A repeated call (a retried request, a double click) must not send a newsletter twice.
    if (existing.status !== 'draft') return { campaignId: existing.id, status: existing.status, started: false };
    const [updated] = await db
      .update(campaigns)
      .set(values)
      .where(and(eq(campaigns.id, existing.id), eq(campaigns.campingId, campsiteId), eq(campaigns.status, 'draft')))
      .returning({ id: campaigns.id, status: campaigns.status });
    if (!updated) return { campaignId: existing.id, status: existing.status, started: false };
    campaignId = updated.id;
  } else {
    const [created] = await db
      .insert(campaigns)
      .values({ ...values, campingId: campsiteId, createdBy: input.createdBy ?? null })
      .returning({ id: campaigns.id });
    campaignId = created.id;
  }
  await wakeNewsletterWorkers({ campsiteId, campaignId }, later);
  return { campaignId, status: values.status, started: true };
}
