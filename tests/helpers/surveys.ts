import type { Database } from '@/db/client';
import { contacts, quoteCards, quotes } from '@/db/schema';
import { createStaySurvey } from '@/lib/stays/survey-row';
import { jobCtxFor } from './ctx';

type Stay = { typologyName?: string; arrival?: string; departure?: string; languageId?: number | null; firstName?: string; lastName?: string };

/** A guest with a booked stay (a converted quote with its accepted offer) and the stay's survey, as the post-stay job makes it. */
export async function makeStaySurvey(db: Database, campsiteId: string, stay: Stay = {}) {
  const [contact] = await db
    .insert(contacts)
    .values({ campingId: campsiteId, firstName: stay.firstName ?? 'Anna', lastName: stay.lastName ?? 'Rossi', email: `ospite.${Math.random().toString(36).slice(2)}@example.com`, languageId: stay.languageId ?? 1 })
    .returning();
  const [quote] = await db.insert(quotes).values({ campingId: campsiteId, contactId: contact.id, name: 'Estate', progress: 'convertito', acceptedCardIdx: 0 }).returning();
  await db.insert(quoteCards).values({
    campingId: campsiteId,
    quoteId: quote.id,
    idx: 0,
    typologyName: stay.typologyName ?? 'Piazzola',
    arrival: stay.arrival ?? '2026-07-01',
    departure: stay.departure ?? '2026-07-08',
  });
  const link = await createStaySurvey(jobCtxFor(db, campsiteId), { quoteId: quote.id });
  return { contact, quote, ...link };
}
