import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { getSubscription, resubscribe, unsubscribe } from '@/lib/newsletter/subscription';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { callApi, type Dispatch } from '../helpers/legacy-api';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function subscriber() {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { languageId: 2 });
  const lists = await db
    .insert(mailingLists)
    .values([
      { campingId: account.campsite.id, name: 'Estate' },
      { campingId: account.campsite.id, name: 'Famiglie' },
    ])
    .returning();
  await db.insert(listMemberships).values(lists.map((list) => ({ campingId: account.campsite.id, listId: list.id, contactId: guest.id })));
  return { ...account, guest, lists, ids: { campsiteId: account.campsite.id, contactId: guest.id } };
}

describe('newsletter subscription', () => {
  it('unsubscribes from everything; a repeat changes nothing, the first date stays', async () => {
    const { ids, guest } = await subscriber();
    await unsubscribe(db, ids);
    const [first] = await db.select({ at: contacts.newsletterOptOutAt }).from(contacts).where(eq(contacts.id, guest.id));
    await unsubscribe(db, ids);
    const [second] = await db.select({ at: contacts.newsletterOptOutAt }).from(contacts).where(eq(contacts.id, guest.id));
    expect(second.at).toEqual(first.at);
    const subscription = await getSubscription(db, ids);
    expect(subscription).toMatchObject({ subscribed: false, locale: 'en' });
    expect(subscription.lists.every((list) => !list.subscribed)).toBe(true);
  });

  it('unsubscribes from one list only, and subscribes again', async () => {
    const { ids, lists } = await subscriber();
    await unsubscribe(db, ids, lists[0].id);
    expect((await getSubscription(db, ids)).lists.find((list) => list.id === lists[0].id)?.subscribed).toBe(false);
    expect((await getSubscription(db, ids)).subscribed).toBe(true);
    await unsubscribe(db, ids);
    await resubscribe(db, ids);
    const again = await getSubscription(db, ids);
    expect(again.subscribed).toBe(true);
    expect(again.lists.every((list) => list.subscribed)).toBe(true);
  });

  it('does not find a guest of another campsite', async () => {
    const one = await subscriber();
    const two = await subscriber();
    expect((await failure(unsubscribe(db, { campsiteId: one.ids.campsiteId, contactId: two.ids.contactId }))).kind).toBe('not_found');
    expect((await getSubscription(db, two.ids)).subscribed).toBe(true);
  });

  it('serves /checkNewsletter, /annullaNewsletter and /iscriviNewsletter without a token', async () => {
    const { ids } = await subscriber();
    const body = { camp: ids.campsiteId, cliente: ids.contactId };
    expect((await callApi(dispatch, 'POST', '/checkNewsletter', { body })).json).toMatchObject({ iscritto: true });
    expect((await callApi(dispatch, 'POST', '/annullaNewsletter', { body })).status).toBe(200);
    expect((await callApi(dispatch, 'POST', '/annullaNewsletter', { body })).status).toBe(200);
    expect((await callApi(dispatch, 'POST', '/checkNewsletter', { body })).json).toMatchObject({ iscritto: false });
    expect((await callApi(dispatch, 'POST', '/iscriviNewsletter', { body })).status).toBe(200);
    expect((await callApi(dispatch, 'POST', '/checkNewsletter', { body: { ...body, cliente: 'sconosciuto' } })).status).toBe(404);
  });
});
