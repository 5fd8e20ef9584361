import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { legacyIdMap } from '@/db/schema';
import { newId } from '@/lib/ids';

/** An id kept as it is: what our links, routes and columns carry (base64url, hex, digits). */
const KEEPABLE = /^[A-Za-z0-9_-]{1,64}$/;
export const keepableId = (oldId: string) => KEEPABLE.test(oldId);

/**
 * Old id → id here, per kind. Most old ids are kept; the others (not keepable, or taken by another
 * campsite's row) get a new id, stored in legacy_id_map so a second run finds the same one and old
 * guest links can be redirected.
 */
export class IdMap {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly campsiteId: string,
    private readonly dryRun: boolean,
  ) {}

  private key = (kind: string, oldId: string) => `${kind}\u0000${oldId}`;

  /** Loads the mapped ids of these old ids (one query per page and kind). */
  async load(db: Database, kind: string, oldIds: string[]): Promise<void> {
    const wanted = oldIds.filter((oldId) => !this.known.has(this.key(kind, oldId)));
    if (!wanted.length) return;
    const rows = await db
      .select({ oldId: legacyIdMap.oldId, newId: legacyIdMap.newId })
      .from(legacyIdMap)
      .where(and(eq(legacyIdMap.campingId, this.campsiteId), eq(legacyIdMap.kind, kind), inArray(legacyIdMap.oldId, wanted)));
    for (const row of rows) this.known.set(this.key(kind, row.oldId), row.newId);
  }

  /** The id here of an old id already loaded or mapped; the old id itself when it was kept. */
  resolve(kind: string, oldId: string): string {
    return this.known.get(this.key(kind, oldId)) ?? oldId;
  }

  isMapped(kind: string, oldId: string): boolean {
    return this.known.has(this.key(kind, oldId));
  }

  /** Maps the old id onto a record that already exists here (a user found by e-mail), kept for every later run. */
  async keepAs(db: Database, kind: string, oldId: string, id: string): Promise<void> {
    if (this.known.get(this.key(kind, oldId)) === id) return;
    if (!this.dryRun) {
      await db
        .insert(legacyIdMap)
        .values({ campingId: this.campsiteId, kind, oldId, newId: id })
        .onConflictDoUpdate({ target: [legacyIdMap.campingId, legacyIdMap.kind, legacyIdMap.oldId], set: { newId: id } });
    }
    this.known.set(this.key(kind, oldId), id);
  }

  /** Gives the old id a new id here, kept for every later run. */
  async map(db: Database, kind: string, oldId: string): Promise<string> {
    const existing = this.known.get(this.key(kind, oldId));
    if (existing) return existing;
    const id = newId();
    if (!this.dryRun) {
      await db.insert(legacyIdMap).values({ campingId: this.campsiteId, kind, oldId, newId: id }).onConflictDoNothing();
    }
    this.known.set(this.key(kind, oldId), id);
    return id;
  }
}
