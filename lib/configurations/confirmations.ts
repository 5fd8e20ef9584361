import { and, desc, eq } from 'drizzle-orm';
import { contacts, quotes } from '@/db/schema';
import { loadCampsite, readCampsiteScope } from '@/lib/campsites/settings-scope';
import { getCampsiteSettings } from '@/lib/campsites/settings';
import type { StaffCtx } from '@/lib/context/unit-of-work';

const MAX_CONFIRMS = 100;

/**
 * The quotes a guest has accepted and the campsite still has to confirm as a booking (progress
 * 'accettato'), newest acceptance first: what the legacy /getConfirms lists for a campsite.
 */
export async function listPendingConfirmations(ctx: StaffCtx, campsiteId?: string | null) {
  const id = readCampsiteScope(ctx.tenant, campsiteId);
  await loadCampsite(ctx, id);
  return ctx.db
    .select({
      id: quotes.id,
      name: quotes.name,
      contactId: quotes.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      acceptedCardIdx: quotes.acceptedCardIdx,
      acceptedAt: quotes.acceptedAt,
    })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .where(and(eq(quotes.campingId, id), eq(quotes.progress, 'accettato')))
    .orderBy(desc(quotes.progressChangedAt), desc(quotes.id))
    .limit(MAX_CONFIRMS);
}

/** What the quote mini-site shows of the campsite besides the quote: name, contacts and hours. */
export async function miniSiteSettings(ctx: StaffCtx, campsiteId?: string | null) {
  const settings = await getCampsiteSettings(ctx, campsiteId);
  return { camping: settings.id, name: settings.name, contacts: settings.contacts, openingHours: settings.openingHours };
}
