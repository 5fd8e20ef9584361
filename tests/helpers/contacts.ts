import type { Database } from '@/db/client';
import { contacts } from '@/db/schema';
import { contactInputSchema, type ContactFormValues, type ContactInput } from '@/lib/contacts/validation';
import { makeCampsite, makeUser, tenantOf } from './fixtures';

/** A campsite with an admin and its tenant, with the contact tags the tests use. */
export async function makeContactsAccount(db: Database) {
  const campsite = await makeCampsite(db, {
    personalizedTags: [
      { name: 'Famiglia', color: '#1c7ed6' },
      { name: 'VIP', color: '#f08c00' },
    ],
  });
  const user = await makeUser(db, campsite.id, { isAdmin: true, packLevel: 10 });
  return { campsite, user, tenant: tenantOf(user) };
}

/** A complete contact input from a few fields, through the real schema. */
export function contactInput(values: ContactFormValues): ContactInput {
  return contactInputSchema.parse(values);
}

/** Inserts many contacts at once, bypassing the service (for volume, fixed creation times, duplicates). */
export async function insertContacts(
  db: Database,
  campingId: string,
  rows: (Partial<typeof contacts.$inferInsert> & { createdAt?: Date })[],
): Promise<(typeof contacts.$inferSelect)[]> {
  const inserted: (typeof contacts.$inferSelect)[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000).map((row) => ({ campingId, ...row }));
    inserted.push(...(await db.insert(contacts).values(chunk).returning()));
  }
  return inserted;
}
