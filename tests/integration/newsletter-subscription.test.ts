import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { getSubscription, resubscribe, unsubscribe } from '@/lib/newsletter/subscription';
import { ctxFor } from '../helpers/ctx';
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
  return { ...account, guest, lists, ids: { campsiteId: account.campsite.id, contactId: guest.id }, ctx: ctxFor(db, { campsiteId: account.campsite.id }), who: { contactId: guest.id } };
}

describe('newsletter subscription', () => {
  it('unsubscribes from everything; a repeat changes nothing, the first date stays', async () => {
    const { ctx, who, guest } = await subscriber();
    await unsubscribe(ctx, who);
    const [first] = await db.select({ at: contacts.newsletterOptOutAt }).from(contacts).where(eq(contacts.id, guest.id));
    await unsubscribe(ctx, who);
    const [second] = await db.select({ at: contacts.newsletterOptOutAt }).from(contacts).where(eq(contacts.id, guest.id));
    expect(second.at).toEqual(first.at);
    const subscription = await getSubscription(ctx, who);
    expect(subscription).toMatchObject({ subscribed: false, locale: 'en' });
    expect(subscription.lists.every((list) => !list.subscribed)).toBe(true);
  });

  it('unsubscribes from one list only, and subscribes again', async () => {
    const { ctx, who, lists } = await subscriber();
    await unsubscribe(ctx, who, lists[0].id);
    expect((await getSubscription(ctx, who)).lists.find((list) => list.id === lists[0].id)?.subscribed).toBe(false);
    expect((await getSubscription(ctx, who)).subscribed).toBe(true);
    await unsubscribe(ctx, who);
    await resubscribe(ctx, who);
    const again = await getSubscription(ctx, who);
    expect(again.subscribed).toBe(true);
    expect(again.lists.every((list) => list.subscribed)).toBe(true);
  });

  it('does not find a guest of another campsite', async () => {
    const one = await subscriber();
    const two = await subscriber();
    expect((await failure(unsubscribe(one.ctx, two.who))).kind).toBe('not_found');
    expect((await getSubscription(two.ctx, two.who)).subscribed).toBe(true);
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
