import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, listMemberships, mailingLists, mailOutbox, newsletterConsents } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { exportConsentsCsv, listConsents } from '@/lib/newsletter/consent-log';
import { confirmSubscription, inspectConfirmation, logConsentChange, requestSubscription } from '@/lib/newsletter/consent';
import { submitRequest } from '@/lib/requests/service';
import { ctxFor, guestCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { API_ORIGIN, callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';
import { guestClient, makeFormCampsite, validValues } from '../helpers/public-form';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const ORIGIN = 'https://crm.example.test';
const unique = () => randomBytes(5).toString('hex');
const address = () => `ospite-${unique()}@example.de`;
const DAY_MS = 86_400_000;
const GERMAN_TEXT = 'Ich möchte den Newsletter erhalten';

async function account() {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { isAdmin: true, packLevel: 10 });
  return { campsite, user, token: await loginViaApi(dispatch, user.email) };
}

async function guest(campsiteId: string, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await db
    .insert(contacts)
    .values({ campingId: campsiteId, firstName: 'Anna', lastName: 'Bianchi', email: address(), languageId: 1, ...values })
    .returning();
  return row;
}

const contactOf = async (id: string) => (await db.select().from(contacts).where(eq(contacts.id, id)))[0];
const consentsOf = (campsiteId: string) =>
  db.select().from(newsletterConsents).where(eq(newsletterConsents.campingId, campsiteId)).orderBy(newsletterConsents.at);
const mailOf = async (outboxId: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)))[0];
const linkIn = (html: string) => /https:\/\/crm\.example\.test\/mailing\/conferma\/([A-Za-z0-9_-]+)/.exec(html)?.[1];

const ask = (campsiteId: string, values: Partial<Parameters<typeof requestSubscription>[1]> = {}) =>
  requestSubscription(ctxFor(db, { campsiteId }), {
    email: address(),
    textShown: GERMAN_TEXT,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 test',
    method: 'form',
    origin: ORIGIN,
    ...values,
  });

async function csvOf(stream: ReadableStream<Uint8Array>) {
  // The BOM is part of the file: decoded without dropping it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe('double opt-in', () => {
  it('creates the contact off the newsletters and mails the link in the guest’s language', async () => {
    const { campsite } = await account();
    const email = `Hans.${unique()}@Example.DE`;
    const requested = await ask(campsite.id, { email, firstName: 'Hans', languageId: 3 });
    expect(requested.contactCreated).toBe(true);
    expect(requested.locale).toBe('de');

    const contact = await contactOf(requested.contactId);
    expect(contact).toMatchObject({ campingId: campsite.id, email, firstName: 'Hans', languageId: 3, source: 'form' });
    expect(contact.newsletterOptOutAt).not.toBeNull();

    const mail = await mailOf(requested.outboxId);
    expect(mail).toMatchObject({ kind: 'newsletter-confirmation', campingId: campsite.id, recipients: [email] });
    expect(mail.subject).toContain('Newsletter-Anmeldung');
    expect(mail.html).toContain('Anmeldung bestätigen');
    expect(mail.html).toContain(`${ORIGIN}/mailing/conferma/${requested.token}`);
    expect(linkIn(mail.html)).toBe(requested.token);
    expect(requested.token.length).toBeGreaterThanOrEqual(43);

    const [row] = await consentsOf(campsite.id);
    expect(row).toMatchObject({ action: 'requested', method: 'form', email, contactId: contact.id, textShown: GERMAN_TEXT, ip: '203.0.113.7', languageId: 3 });
    // Only the hash is stored.
    expect(row.tokenHash).toBe(createHash('sha256').update(requested.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(requested.token);
    expect(row.expiresAt!.getTime() - row.at.getTime()).toBe(7 * DAY_MS);
    expect(row.confirmedAt).toBeNull();

    // Italian and English guests get their own words.
    const italian = await ask(campsite.id, { languageId: 1 });
    expect((await mailOf(italian.outboxId)).subject).toContain('Conferma l’iscrizione alla newsletter');
    const english = await ask(campsite.id, { languageId: 2 });
    expect((await mailOf(english.outboxId)).subject).toContain('Please confirm your newsletter subscription');
  });

  it('finds an existing contact by address in any case and leaves their subscription as it is', async () => {
    const { campsite } = await account();
    const subscribed = await guest(campsite.id, { email: `Mario.${unique()}@example.it` });
    const first = await ask(campsite.id, { email: subscribed.email!.toUpperCase() });
    expect(first).toMatchObject({ contactId: subscribed.id, contactCreated: false, locale: 'it' });
    expect((await contactOf(subscribed.id)).newsletterOptOutAt).toBeNull();

    const optedOut = await guest(campsite.id, { newsletterOptOutAt: new Date('2026-01-01T00:00:00Z') });
    await ask(campsite.id, { email: optedOut.email! });
    expect((await contactOf(optedOut.id)).newsletterOptOutAt).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(await db.select().from(contacts).where(eq(contacts.campingId, campsite.id))).toHaveLength(2);
  });

  it('subscribes on the click (the page’s GET changes nothing), logs it, and a second click is harmless', async () => {
    const { campsite } = await account();
    const [list] = await db.insert(mailingLists).values({ campingId: campsite.id, name: 'Estate' }).returning();
    const requested = await ask(campsite.id, { listId: list.id, languageId: 3 });

    const looked = await inspectConfirmation(db, requested.token);
    expect(looked).toMatchObject({ state: 'pending', campsiteName: campsite.name, locale: 'de' });
    expect((await contactOf(requested.contactId)).newsletterOptOutAt).not.toBeNull();
    expect(await consentsOf(campsite.id)).toHaveLength(1);

    const confirmed = await confirmSubscription(db, requested.token, { ip: '198.51.100.9', userAgent: 'Firefox' });
    expect(confirmed).toMatchObject({ state: 'confirmed', locale: 'de', campsiteName: campsite.name });
    expect((await contactOf(requested.contactId)).newsletterOptOutAt).toBeNull();
    const [membership] = await db
      .select()
      .from(listMemberships)
      .where(and(eq(listMemberships.listId, list.id), eq(listMemberships.contactId, requested.contactId)));
    expect(membership).toMatchObject({ campingId: campsite.id, unsubscribedAt: null });

    const rows = await consentsOf(campsite.id);
    expect(rows).toHaveLength(2);
    expect(rows[0].confirmedAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ action: 'confirmed', method: 'link', ip: '198.51.100.9', userAgent: 'Firefox', listId: list.id, tokenHash: null });
    expect(rows[1].textShown).toBe(GERMAN_TEXT);

    expect(await confirmSubscription(db, requested.token, { ip: '198.51.100.9' })).toMatchObject({ state: 'already' });
    expect(await inspectConfirmation(db, requested.token)).toMatchObject({ state: 'already' });
    expect(await consentsOf(campsite.id)).toHaveLength(2);
  });

  it('re-activates a list membership the guest had left', async () => {
    const { campsite } = await account();
    const anna = await guest(campsite.id);
    const [list] = await db.insert(mailingLists).values({ campingId: campsite.id, name: 'Famiglie' }).returning();
    await db.insert(listMemberships).values({ campingId: campsite.id, listId: list.id, contactId: anna.id, unsubscribedAt: new Date() });
    const requested = await ask(campsite.id, { email: anna.email!, listId: list.id });
    await confirmSubscription(db, requested.token, {});
    const [membership] = await db.select().from(listMemberships).where(eq(listMemberships.listId, list.id));
    expect(membership.unsubscribedAt).toBeNull();
  });

  it('refuses an expired or unknown token and changes nothing', async () => {
    const { campsite } = await account();
    const requested = await ask(campsite.id);
    const later = new Date(Date.now() + 8 * DAY_MS);
    expect(await inspectConfirmation(db, requested.token, later)).toMatchObject({ state: 'expired' });
    expect(await confirmSubscription(db, requested.token, {}, later)).toMatchObject({ state: 'expired' });
    expect((await contactOf(requested.contactId)).newsletterOptOutAt).not.toBeNull();
    expect(await consentsOf(campsite.id)).toHaveLength(1);

    for (const token of [randomBytes(32).toString('base64url'), 'corto', '../../etc/passwd', '']) {
      expect(await confirmSubscription(db, token, {})).toEqual({ state: 'unknown', campsiteName: null, locale: null, email: null });
      expect((await inspectConfirmation(db, token)).state).toBe('unknown');
    }
    // The hash itself is no token.
    const [row] = await consentsOf(campsite.id);
    expect((await confirmSubscription(db, row.tokenHash!, {})).state).toBe('unknown');
  });

  it('keeps each campsite to its own contacts, lists and log', async () => {
    const one = await account();
    const two = await account();
    const [foreignList] = await db.insert(mailingLists).values({ campingId: two.campsite.id, name: 'Altrui' }).returning();
    expect((await failure(ask(one.campsite.id, { listId: foreignList.id }))).kind).toBe('not_found');

    // The same address in two campsites: two contacts, each confirmed on its own.
    const email = address();
    const inOne = await ask(one.campsite.id, { email });
    const inTwo = await ask(two.campsite.id, { email });
    expect(inOne.contactId).not.toBe(inTwo.contactId);
    await confirmSubscription(db, inOne.token, {});
    expect((await contactOf(inOne.contactId)).newsletterOptOutAt).toBeNull();
    expect((await contactOf(inTwo.contactId)).newsletterOptOutAt).not.toBeNull();

    // Another campsite's contact leaves no row in this campsite's log.
    const stranger = await guest(two.campsite.id);
    await logConsentChange(ctxFor(db, { campsiteId: one.campsite.id }), { contactId: stranger.id, action: 'unsubscribed', method: 'staff' });
    expect((await consentsOf(one.campsite.id)).some((row) => row.contactId === stranger.id)).toBe(false);

    // Over the API: another campsite's guest is not found, and double opt-in cannot reach them.
    const answer = await callApi(dispatch, 'POST', '/newsletterSubscription', {
      token: one.token,
      body: { cliente: stranger.id, doppioOptIn: true, testoConsenso: 'Newsletter' },
    });
    expectErrorAnswer(answer, 404);

    const page = await listConsents(ctxFor(db, { campsiteId: one.campsite.id }), {});
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((row) => row.email !== stranger.email)).toBe(true);
    const csv = await csvOf(exportConsentsCsv(ctxFor(db, { campsiteId: one.campsite.id }), {}));
    expect(csv.startsWith('\uFEFFData;E-mail;Azione;Metodo;Testo mostrato;IP')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(1 + (await consentsOf(one.campsite.id)).length);
    expect(csv).toContain(email);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    const otherCsv = await csvOf(exportConsentsCsv(ctxFor(db, { campsiteId: two.campsite.id }), {}));
    expect(otherCsv.split('\r\n').filter((line) => line.includes(email))).toHaveLength(1);
    expect(otherCsv).not.toContain('Confermata;');
  });

  it('pages the log by keyset and filters it by address', async () => {
    const { campsite } = await account();
    const emails: string[] = [];
    for (let i = 0; i < 55; i++) {
      const email = `pagina-${i}-${unique()}@example.it`;
      emails.push(email);
      const at = new Date(Date.UTC(2026, 0, 1, 0, i));
      await db.insert(newsletterConsents).values({ campingId: campsite.id, email, action: 'subscribed', method: 'staff', at });
    }
    const first = await listConsents(ctxFor(db, { campsiteId: campsite.id }), {});
    expect(first.items).toHaveLength(50);
    expect(first.items[0].email).toBe(emails[54]);
    const second = await listConsents(ctxFor(db, { campsiteId: campsite.id }), {}, first.nextCursor);
    expect(second.items.map((row) => row.email)).toEqual(emails.slice(0, 5).reverse());
    expect(second.nextCursor).toBeNull();
    const filtered = await listConsents(ctxFor(db, { campsiteId: campsite.id }), { email: emails[7].toUpperCase() });
    expect(filtered.items.map((row) => row.email)).toEqual([emails[7]]);
    expect((await listConsents(ctxFor(db, { campsiteId: campsite.id }), { email: '%' })).items).toHaveLength(0);
  });
});

describe('/newsletterSubscription and the public unsubscribe calls', () => {
  it('asks for confirmation with doppioOptIn, in the guest’s language, and subscribes nobody yet', async () => {
    const { campsite, token } = await account();
    const email = address();
    const answer = await callApi(dispatch, 'POST', '/newsletterSubscription', {
      token,
      body: { email, doppioOptIn: true, testoConsenso: GERMAN_TEXT, ip: '192.0.2.44', userAgent: 'Safari', idLingua: 3, nome: 'Lena' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ iscritto: false, liste: [], confermaInAttesa: true });
    const contactId = (answer.json as { cliente: string }).cliente;
    expect(await contactOf(contactId)).toMatchObject({ email, firstName: 'Lena', languageId: 3, source: 'platform' });

    const [row] = await consentsOf(campsite.id);
    expect(row).toMatchObject({ action: 'requested', method: 'platform', ip: '192.0.2.44', userAgent: 'Safari', textShown: GERMAN_TEXT });
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.campingId, campsite.id), eq(mailOutbox.kind, 'newsletter-confirmation')));
    expect(mail.html).toContain(`${API_ORIGIN}/mailing/conferma/`);
    expect(mail.subject).toContain('Newsletter-Anmeldung');
    await confirmSubscription(db, linkIn(mail.html)!, {});
    expect((await contactOf(contactId)).newsletterOptOutAt).toBeNull();

    expectErrorAnswer(await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: { email, doppioOptIn: true } }), 400);
    const unsubscribing = { email, doppioOptIn: true, testoConsenso: 'x', iscritto: false };
    expectErrorAnswer(await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: unsubscribing }), 400);
  });

  it('logs the staff’s changes and the guest’s own unsubscribe', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    expect((await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: { cliente: anna.id, iscritto: false } })).status).toBe(200);
    expect((await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: { email: anna.email, iscritto: true } })).status).toBe(200);
    const body = { camp: campsite.id, cliente: anna.id };
    expect((await callApi(dispatch, 'POST', '/annullaNewsletter', { body, ip: '10.9.8.7', headers: { 'user-agent': 'Thunderbird' } })).status).toBe(200);
    expect((await callApi(dispatch, 'POST', '/iscriviNewsletter', { body, ip: '10.9.8.7' })).status).toBe(200);
    const rows = await consentsOf(campsite.id);
    expect(rows.map((row) => [row.action, row.method])).toEqual([
      ['unsubscribed', 'staff'],
      ['subscribed', 'staff'],
      ['unsubscribed', 'link'],
      ['subscribed', 'link'],
    ]);
    expect(rows[2]).toMatchObject({ email: anna.email, ip: '10.9.8.7', userAgent: 'Thunderbird', contactId: anna.id });
    // A guest's call for another campsite's guest logs nothing there.
    const other = await account();
    expect((await callApi(dispatch, 'POST', '/annullaNewsletter', { body: { camp: other.campsite.id, cliente: anna.id } })).status).toBe(404);
    expect(await consentsOf(other.campsite.id)).toHaveLength(0);
  });
});

describe('the public contact form’s newsletter checkbox', () => {
  it('starts double opt-in with the text shown, the address and the browser of the guest', async () => {
    const target = await makeFormCampsite(db);
    const values = validValues({ newsletter: true });
    const client = guestClient();
    const outcome = await submitRequest(guestCtxFor(db, target.campsite.id), target.platform, target.campsite, { values, language: { languageId: 1, locale: 'it' }, origin: ORIGIN }, client);
    expect(outcome).toMatchObject({ ok: true, newsletterPending: true });
    const [contact] = await db.select().from(contacts).where(eq(contacts.campingId, target.campsite.id));
    expect(contact.newsletterOptOutAt).not.toBeNull();
    const [row] = await consentsOf(target.campsite.id);
    expect(row).toMatchObject({ action: 'requested', method: 'form', textShown: 'Desidero ricevere la newsletter', ip: client.ip, userAgent: 'vitest' });
    expect(row.contactId).toBe(contact.id);
    // One mail, not two: the request's confirmation carries the newsletter's link.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, target.campsite.id));
    expect(mails.map((mail) => mail.kind)).toEqual(['contact-confirmation']);
    const [mail] = mails;
    expect(mail.subject).toContain('Abbiamo ricevuto la tua richiesta');
    expect(mail.html).toContain('Conferma l’iscrizione');
    expect(mail.text).toContain('senza la tua conferma non riceverai nessuna newsletter');
    const confirmed = await confirmSubscription(db, linkIn(mail.html)!, { ip: client.ip });
    expect(confirmed.state).toBe('confirmed');
    expect((await contactOf(contact.id)).newsletterOptOutAt).toBeNull();
  });

  it('works the same through the legacy /addQuoteCamp, in the form’s language', async () => {
    const target = await makeFormCampsite(db);
    const payload = validValues({ newsletter: true, idLingua: 3 });
    const answer = await callApi(dispatch, 'POST', '/addQuoteCamp', { body: { camp: target.campsite.id, payload }, ip: '10.1.2.3' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    const [row] = await consentsOf(target.campsite.id);
    expect(row).toMatchObject({ action: 'requested', method: 'form', email: payload.email, textShown: GERMAN_TEXT, ip: '10.1.2.3', languageId: 3 });
  });

  it('without the checkbox changes nothing of before', async () => {
    const target = await makeFormCampsite(db);
    const language = { languageId: 3, locale: 'de' } as const;
    const outcome = await submitRequest(guestCtxFor(db, target.campsite.id), target.platform, target.campsite, { values: validValues(), language }, guestClient());
    expect(outcome).not.toHaveProperty('newsletterPending');
    const [contact] = await db.select().from(contacts).where(eq(contacts.campingId, target.campsite.id));
    expect(contact.newsletterOptOutAt).toBeNull();
    expect(await consentsOf(target.campsite.id)).toHaveLength(0);
  });
});
