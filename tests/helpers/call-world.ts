import { expect } from 'vitest';
import type { Database } from '@/db/client';
import { makeSentNewsletter } from './campaigns';
import { makeCampsite, makeUser } from './fixtures';
import { pngWithAlpha } from './images';
import { callApi, loginViaApi, type Dispatch } from './legacy-api';
import { createViaApi, makeCampsiteRows } from './legacy-rows';
import { campsiteWithProvider } from './newsletters';
import { insertNotifications } from './notifications';
import type { CallWorld } from './valid-calls';

/** The key vitest.config.ts gives the server (BOOKING_PLATFORM_API_KEY). */
export const PLATFORM_KEY = 'test-platform-key-0123456789';

/**
 * A campsite (with its newsletter provider keys) where every call of the route table has something
 * real to act on: its admin, a staff colleague (the user the calls name), the provider's operator,
 * one row of each kind, a product update, a sent newsletter, a notification, an attachment, a sent
 * mail's reference, a one-time login for the colleague and a bookable resource. Operator calls get
 * a world of their own naming a spare campsite, so that deleting it takes nothing else along.
 */
export async function makeCallWorld(db: Database, dispatch: Dispatch) {
  const campsite = await campsiteWithProvider(db);
  const spare = await makeCampsite(db);
  const admin = await makeUser(db, campsite.id, { isAdmin: true, packLevel: 10 });
  const colleague = await makeUser(db, campsite.id, { isAdmin: false, packLevel: 10 });
  const operator = await makeUser(db, (await makeCampsite(db)).id, { isAdmin: true, isOperator: true, packLevel: 10 });
  const tokens = { admin: await loginViaApi(dispatch, admin.email), operator: await loginViaApi(dispatch, operator.email) };
  const rows = await makeCampsiteRows(db, dispatch, tokens.admin);
  const update = await createViaApi(dispatch, tokens.operator, '/addUpdate', { titolo: 'Novità', testo: '<p>Nuovo</p>', audience: 'selected', campings: [campsite.id] });
  const { campaign } = await makeSentNewsletter(db, campsite.id);
  const minted = await callApi(dispatch, 'POST', '/users/createLoginToken', { body: { email: colleague.email }, headers: { 'x-api-key': PLATFORM_KEY } });
  const offered = await callApi(dispatch, 'POST', `/richiestaDisp/${rows.quote}`, { token: tokens.admin, body: { idx: 0 } });
  const [notification] = await insertNotifications(db, campsite.id, { total: 1, unread: 1 });
  const attachment = await createViaApi(dispatch, tokens.admin, '/allegati/addAllegato', {
    data: Buffer.from('ciao').toString('base64'),
    fileName: 'nota.txt',
    mimeType: 'text/plain',
    idPreventivo: rows.quote,
  });
  const { uuid: mailUuid } = (await callApi(dispatch, 'POST', '/getUUID', { token: tokens.admin })).json as { uuid: string };
  const sent = await callApi(dispatch, 'POST', '/sendMail', {
    token: tokens.admin,
    body: { emails: ['ospite@prova.test'], object: 'Conferma', body: '<p>Ciao</p>', cliente: rows.contact, uuid: mailUuid },
  });
  expect(sent.status, sent.text).toBe(200);
  const world: CallWorld = {
    campsiteId: campsite.id,
    campsiteName: campsite.name,
    userId: colleague.id,
    userEmail: colleague.email,
    rows,
    update,
    campaign: campaign.id,
    notification: notification.id,
    attachment,
    mailUuid,
    loginToken: (minted.json as { uuid: string }).uuid,
    resource: (offered.json as { risorse: { id: string }[] }).risorse[0]?.id,
    pngBase64: (await pngWithAlpha()).toString('base64'),
  };
  const operatorWorld: CallWorld = { ...world, campsiteId: spare.id, campsiteName: spare.name };
  return { campsite, spare, admin, colleague, operator, tokens, world, operatorWorld };
}
