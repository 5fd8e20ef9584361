import { randomBytes } from 'node:crypto';
import type { Database } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { makeCampsite } from './fixtures';

export const PROVIDER_KEY = 're_test_campsite_key_0123456789';
export const SIGNING_SECRET = `whsec_${Buffer.from('segreto-di-firma-di-prova-0123456789').toString('base64')}`;

/** A campsite with its own provider key and signing secret, as the settings store them. */
export const campsiteWithProvider = (db: Database, name?: string) =>
  makeCampsite(db, { ...(name ? { name } : {}), mailjetApiKey: encryptSecret(PROVIDER_KEY), mailjetSecret: encryptSecret(SIGNING_SECRET) });

type Member = Partial<typeof contacts.$inferInsert> & { leftList?: boolean };

/** A list with the given members (inserted a thousand at a time); each gets an address of its own unless given one. */
export async function listWithMembers(db: Database, campsiteId: string, members: Member[]) {
  const tag = randomBytes(4).toString('hex');
  const [list] = await db.insert(mailingLists).values({ campingId: campsiteId, name: `Lista ${tag}` }).returning();
  const made: (typeof contacts.$inferSelect)[] = [];
  for (let start = 0; start < members.length; start += 1000) {
    const chunk = members.slice(start, start + 1000);
    const rows = await db
      .insert(contacts)
      .values(
        chunk.map(({ leftList: _left, ...member }, index) => ({
          campingId: campsiteId,
          firstName: `Ospite${start + index}`,
          lastName: 'Prova',
          email: `ospite-${tag}-${start + index}@esempio.test`,
          ...member,
        })),
      )
      .returning();
    await db
      .insert(listMemberships)
      .values(rows.map((row, index) => ({ campingId: campsiteId, listId: list.id, contactId: row.id, unsubscribedAt: chunk[index].leftList ? new Date() : null })));
    made.push(...rows);
  }
  return { list, members: made };
}
