import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, mailOutbox, mailTraces, quoteRequests } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { confirmSubscription } from '@/lib/newsletter/consent';
import { ADDRESS_LIMIT } from '@/lib/requests/service';
import { UNVOUCHED_CAMPSITE_CAP } from '@/lib/requests/unvouched-mail';
import { useTestDatabase } from '../helpers/db';
import { callApi, expectErrorAnswer, randomAddress, type Dispatch } from '../helpers/legacy-api';
import { makeFormCampsite, unique, validValues } from '../helpers/public-form';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

type FormCampsite = Awaited<ReturnType<typeof makeFormCampsite>>;
const stranger = () => `vittima-${unique()}@example.org`;
const submit = (target: FormCampsite, values: Record<string, unknown>, ip = randomAddress()) =>
  callApi(dispatch, 'POST', '/addQuoteCamp', { ip, body: { camp: target.campsite.id, payload: values } });

const mailsOf = (campsiteId: string) =>
  db.select({ kind: mailOutbox.kind, recipients: mailOutbox.recipients, html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.campingId, campsiteId));
const requestsOf = (campsiteId: string) => db.select().from(quoteRequests).where(eq(quoteRequests.campingId, campsiteId));
const linkIn = (html: string) => /\/mailing\/conferma\/([A-Za-z0-9_-]+)/.exec(html)?.[1];

describe('the public contact form is no mail cannon', () => {
  it('one client with 30 strangers’ addresses and the newsletter ticked: a handful accepted, one mail each, the rest refused', async () => {
    const target = await makeFormCampsite(db);
    const ip = randomAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) statuses.push((await submit(target, validValues({ email: stranger(), newsletter: true }), ip)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ADDRESS_LIMIT.points);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - ADDRESS_LIMIT.points);
    const mails = await mailsOf(target.campsite.id);
    // One mail per accepted request, the newsletter's link inside it: not a second mail.
    expect(mails).toHaveLength(ADDRESS_LIMIT.points);
    expect(mails.every((mail) => mail.kind === 'contact-confirmation' && linkIn(mail.html))).toBe(true);
  });

  it('a stranger’s address typed again and again from other clients: every request reaches the staff, one mail a day', async () => {
    const target = await makeFormCampsite(db);
    const email = stranger();
    for (let n = 0; n < 4; n++) expect((await submit(target, validValues({ email, nome: `Tentativo ${n}`, newsletter: n % 2 === 0 }))).status).toBe(200);
    expect(await requestsOf(target.campsite.id)).toHaveLength(4);
    expect(await mailsOf(target.campsite.id)).toMatchObject([{ kind: 'contact-confirmation', recipients: [email] }]);
    // The staff still see every request, with what was typed.
    const payloads = (await requestsOf(target.campsite.id)).map((request) => (request.payload as { nome: string }).nome).sort();
    expect(payloads).toEqual(['Tentativo 0', 'Tentativo 1', 'Tentativo 2', 'Tentativo 3']);
  });

  it('an address the campsite vouches for gets a confirmation for every request', async () => {
    const target = await makeFormCampsite(db);
    const known = stranger();
    await db.insert(contacts).values({ campingId: target.campsite.id, firstName: 'Giulia', email: known, source: 'staff' });
    for (let n = 0; n < 3; n++) expect((await submit(target, validValues({ email: known }))).status).toBe(200);
    expect((await mailsOf(target.campsite.id)).filter((mail) => mail.recipients[0] === known)).toHaveLength(3);

    // A guest who came by the form proves the address by confirming the newsletter's link: then every request is confirmed.
    const guest = stranger();
    expect((await submit(target, validValues({ email: guest, newsletter: true }))).status).toBe(200);
    expect((await submit(target, validValues({ email: guest }))).status).toBe(200);
    const [first, ...none] = (await mailsOf(target.campsite.id)).filter((mail) => mail.recipients[0] === guest);
    expect(none).toEqual([]);
    expect((await confirmSubscription(db, linkIn(first.html)!, {})).state).toBe('confirmed');
    expect((await submit(target, validValues({ email: guest }))).status).toBe(200);
    expect((await mailsOf(target.campsite.id)).filter((mail) => mail.recipients[0] === guest)).toHaveLength(2);
  });

  it('a flood from many clients and addresses: every request is stored, the mails stop at the campsite’s hourly cap', async () => {
    const target = await makeFormCampsite(db);
    const sent = UNVOUCHED_CAMPSITE_CAP.points + 10;
    for (let n = 0; n < sent; n++) expect((await submit(target, validValues({ email: stranger(), newsletter: true }))).status).toBe(200);
    expect(await requestsOf(target.campsite.id)).toHaveLength(sent);
    expect(await mailsOf(target.campsite.id)).toHaveLength(UNVOUCHED_CAMPSITE_CAP.points);
    // The cap is the campsite's own: another campsite's guests are still confirmed.
    const other = await makeFormCampsite(db);
    expect((await submit(other, validValues({ email: stranger() }))).status).toBe(200);
    expect(await mailsOf(other.campsite.id)).toHaveLength(1);
  });

  it('/sendMailConfirm sends nothing more to a stranger the form mailed today', async () => {
    const target = await makeFormCampsite(db);
    const email = stranger();
    expect((await submit(target, validValues({ email }))).status).toBe(200);
    const [contact] = await db.select().from(contacts).where(and(eq(contacts.campingId, target.campsite.id), eq(contacts.email, email)));
    // Two hours later: past the call's own ten minutes, within the day.
    const earlier = new Date(Date.now() - 2 * 60 * 60_000);
    await db.update(mailOutbox).set({ createdAt: earlier }).where(eq(mailOutbox.campingId, target.campsite.id));
    await db.update(mailTraces).set({ createdAt: earlier }).where(eq(mailTraces.campingId, target.campsite.id));
    const again = await callApi(dispatch, 'POST', '/sendMailConfirm', { ip: randomAddress(), body: { camp: target.campsite.id, cliente: contact.id } });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual({ ok: true, sent: false });
    expect(await mailsOf(target.campsite.id)).toHaveLength(1);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/sendMailConfirm', { body: { camp: target.campsite.id } }), 400);
  });
});
