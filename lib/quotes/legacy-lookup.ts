import { and, eq, inArray } from "drizzle-orm";
import { contacts, quotes } from "@/db/schema";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import type { LegacyIds } from "./legacy-paths";

/** Which of a path's ids are the campsite's quotes (with their guest) and which its contacts; another campsite's rows are not seen. */
export async function lookupLegacyIds(
  ctx: CampsiteCtx,
  ids: string[],
): Promise<LegacyIds> {
  if (ids.length === 0)
    return { quoteContacts: new Map(), contacts: new Set() };
  const { db, campsiteId } = ctx;
  const [quoteRows, contactRows] = await Promise.all([
    db
      .select({ id: quotes.id, contactId: quotes.contactId })
      .from(quotes)
      .where(and(eq(quotes.campingId, campsiteId), inArray(quotes.id, ids))),
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(eq(contacts.campingId, campsiteId), inArray(contacts.id, ids)),
      ),
  ]);
  return {
    quoteContacts: new Map(quoteRows.map((row) => [row.id, row.contactId])),
    contacts: new Set(contactRows.map((row) => row.id)),
  };
}
