import { resultRows } from '@/db/result-rows';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { mailOutbox, mailTraces, newsletterConsents, quotes, type ContactSource } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { limiter, type LimitRule } from '@/lib/rate-limit/limiter';

/**
 * Anyone can type anyone's address into a public form. A mail to an address the campsite cannot
 * vouch for goes out at most once per address in this window, so the form cannot be aimed at a
 * stranger's inbox again and again…
 */
export const UNVOUCHED_WINDOW_MS = 24 * 60 * 60_000;
/**
 * …and at most this many such mails leave a campsite in an hour, whatever the number of
 * addresses and clients: a flood of requests is stored for the staff, but stops being mailed.
 * A campsite's busiest hour of new guests stays well below it.
 */
export const UNVOUCHED_CAMPSITE_CAP: LimitRule = { points: 60, durationSeconds: 60 * 60 };
const perCampsite = limiter('contact-form:unvouched-mails', UNVOUCHED_CAMPSITE_CAP);

/** The mails a public form sends by itself (not the staff's). */
const FORM_MAIL_KINDS = ['contact-confirmation', 'newsletter-confirmation'];

/**
 * The campsite vouches for a guest's address when its staff, platform or an import wrote it,
 * or when the guest proved it: a confirmed newsletter link, a quote opened from our mail, or a
 * mail received from it.
 */
async function vouched(ctx: CampsiteCtx, contact: { id: string; source: ContactSource }): Promise<boolean> {
  if (contact.source !== 'form') return true;
  const { db, campsiteId } = ctx;
  const [proof] = resultRows<{ proved: boolean }>(
    await db.execute(sql`select (
      exists (select 1 from ${newsletterConsents} where ${newsletterConsents.campingId} = ${campsiteId}
        and ${newsletterConsents.contactId} = ${contact.id} and ${newsletterConsents.action} = 'confirmed')
      or exists (select 1 from ${quotes} where ${quotes.campingId} = ${campsiteId}
        and ${quotes.contactId} = ${contact.id} and ${quotes.readAt} is not null)
      or exists (select 1 from ${mailTraces} where ${mailTraces.campingId} = ${campsiteId}
        and ${mailTraces.contactId} = ${contact.id} and ${mailTraces.direction} = 'in')
    ) as proved`),
  );
  return Boolean(proof?.proved);
}

async function mailedRecently(ctx: CampsiteCtx, contactId: string, now: Date): Promise<boolean> {
  const [recent] = await ctx.db
    .select({ id: mailOutbox.id })
    .from(mailTraces)
    .innerJoin(mailOutbox, and(eq(mailOutbox.mailTraceId, mailTraces.id), eq(mailOutbox.campingId, mailTraces.campingId)))
    .where(
      and(
        eq(mailTraces.campingId, ctx.campsiteId),
        eq(mailTraces.contactId, contactId),
        gt(mailTraces.createdAt, new Date(now.getTime() - UNVOUCHED_WINDOW_MS)),
        inArray(mailOutbox.kind, FORM_MAIL_KINDS),
      ),
    )
    .limit(1);
  return Boolean(recent);
}

/**
 * Whether the public form may mail this guest now. Called in the submission's transaction, after
 * the per-address lock, so two submissions for one address cannot both pass the window.
 */
export async function mayMailFromForm(
  ctx: CampsiteCtx,
  contact: { id: string; source: ContactSource; created: boolean },
  now = new Date(),
): Promise<boolean> {
  if (!contact.created && (await vouched(ctx, contact))) return true;
  if (!contact.created && (await mailedRecently(ctx, contact.id, now))) return false;
  return (await perCampsite.consume(ctx.db, ctx.campsiteId)).allowed;
}
