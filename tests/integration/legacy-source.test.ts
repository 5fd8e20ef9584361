import { existsSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campsites, contacts, quotes, users } from '@/db/schema';
import { useTestDatabase } from '../helpers/db';
import { postgresDatabaseExists, startLegacySource, type LegacySource } from '../helpers/legacy-source';

const db = await useTestDatabase();
const HEX_ID = /^[0-9a-f]{24}$/;

let source: LegacySource;
let token: string;
beforeAll(async () => {
  source = await startLegacySource();
  console.log(`startLegacySource (${source.kind}): ${source.startMs} ms`);
}, 180_000);
afterAll(async () => {
  await source?.stop();
});

async function call(path: string, body?: unknown, bearer: string | null = token) {
  const response = await fetch(`${source.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}\n${source.output()}`).toBe(200);
  return JSON.parse(text) as never;
}

/** Every page of a keyset-paged list, by its nextCursor. */
async function allPages(path: string): Promise<{ _id: string }[]> {
  const items: { _id: string }[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: { _id: string }[]; nextCursor: string | null } = await call(path, cursor ? { cursor } : {});
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('a second instance of the product serves the legacy API as the old CRM', () => {
  it('logs the staff user in over HTTP with a token, on the old campsite with ObjectId-shaped ids', async () => {
    expect(source.campsiteId).toMatch(HEX_ID);
    const answer: { token: string; user: { _id: string; camping: string; email: string } } = await call('/users/login', source.staff, null);
    expect(answer.token).toEqual(expect.any(String));
    expect(answer.user).toMatchObject({ _id: source.old.staffUserId, camping: source.campsiteId, email: source.staff.email });
    expect(answer.user._id).toMatch(HEX_ID);
    token = answer.token;
  });

  it('lists the demo contacts and quotes with the old ones among them', async () => {
    const contactIds = (await allPages('/getContact/lazy')).map((contact) => contact._id);
    expect(contactIds).toEqual(expect.arrayContaining(source.old.contactIds));
    // The demo's Lago Azzurro: 140 planned guests plus the returning ones, and the 3 old ones.
    expect(contactIds.length).toBeGreaterThan(140);
    const quoteIds = (await allPages('/getQuote/lazy')).map((quote) => quote._id);
    expect(quoteIds).toEqual(expect.arrayContaining(source.old.quoteIds));
    expect(quoteIds.length).toBeGreaterThan(100);
  });

  it('answers an old quote by its 24-hex id, with its cards', async () => {
    const [sentId] = source.old.quoteIds;
    const quote: { _id: string; progress: string; schede: unknown[]; contact?: unknown } = await call(`/getQuote/${sentId}`);
    expect(quote._id).toBe(sentId);
    expect(quote.progress).toBe('inviato');
    expect(quote.schede).toHaveLength(2);
  });

  it('answers the old list and the old template among the demo ones', async () => {
    const lists: { _id: string; name?: string; nome?: string }[] = await call('/getList/all');
    expect(lists.map((list) => list._id)).toContain(source.old.listId);
    expect(lists.length).toBe(4);
    const templates: { _id: string }[] = await call('/getTemplate/all');
    expect(templates.map((template) => template._id)).toContain(source.old.templateId);
    expect(templates.every((template) => typeof template._id === 'string')).toBe(true);
  });

  it('keeps its rows in its own database, none in the test’s', async () => {
    expect(await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.id, source.campsiteId))).toEqual([]);
    expect(await db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, source.old.contactIds))).toEqual([]);
    expect(await db.select({ id: quotes.id }).from(quotes).where(inArray(quotes.id, source.old.quoteIds))).toEqual([]);
    // The handle on the source sees them.
    const [campsite] = await source.db.select({ name: campsites.name }).from(campsites).where(eq(campsites.id, source.campsiteId));
    expect(campsite?.name).toBe('Camping Lago Azzurro');
    const [staff] = await source.db.select({ campingId: users.campingId }).from(users).where(eq(users.email, source.staff.email));
    expect(staff?.campingId).toBe(source.campsiteId);
  });
});

describe('stop()', () => {
  it('ends the process and removes the source’s database', async () => {
    const { pid, databaseName } = source;
    await source.stop();
    expect(existsSync(`/proc/${pid}`)).toBe(false);
    if (databaseName) expect(await postgresDatabaseExists(db, databaseName)).toBe(false);
  });
});
