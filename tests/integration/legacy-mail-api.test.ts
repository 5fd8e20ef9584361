import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campaigns, campsites, contacts, listMemberships, mailAttachments, mailingLists, mailOutbox, mailTraces, quotes } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { PROVIDER_KEY, SIGNING_SECRET } from '../helpers/newsletters';
import { API_ORIGIN, callApi, expectErrorAnswer, loginViaApi, randomAddress, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const unique = () => randomBytes(5).toString('hex');

async function account(packLevel = 10) {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { isAdmin: true, packLevel });
  const token = await loginViaApi(dispatch, user.email);
  return { campsite, user, token };
}

async function guest(campsiteId: string, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await db
    .insert(contacts)
    .values({ campingId: campsiteId, firstName: 'Anna', lastName: 'Bianchi', email: `ospite-${unique()}@example.it`, languageId: 1, ...values })
    .returning();
  return row;
}

const outboxOf = async (traceId: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.mailTraceId, traceId)))[0];
const traceOf = async (traceId: string) => (await db.select().from(mailTraces).where(eq(mailTraces.id, traceId)))[0];

type Sent = { ok: true; _id: string; uuid: string; thread: string; object: string; duplicate: boolean };
type LegacyTrace = { _id: string; thread: string; object: string; client: string | null; direction: string; emails: string[]; uuid: string | null; usedAt: string | null };
type TracePage = { items: LegacyTrace[]; nextCursor: string | null; total: number };
type Attachment = { _id: string; fileName: string; mimeType: string; size: number; idPreventivo: string | null; idMail: string | null };

async function sendMail(token: string, body: Record<string, unknown>) {
  const answer = await callApi(dispatch, 'POST', '/sendMail', { token, body: { body: '<p>Buongiorno</p>', ...body } });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Sent;
}

describe('/getUUID, /sendMail and /markUUID', () => {
  it('adds the reference to a plain subject, traces the mail on the contact of the first recipient, and marks the reference used', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id, { email: 'Anna.Bianchi@Example.it' });
    const uuidAnswer = await callApi(dispatch, 'POST', '/getUUID', { token });
    expect(uuidAnswer.status).toBe(200);
    const { uuid } = uuidAnswer.json as { uuid: string };
    expect(uuid).toMatch(/^[0-9A-F]{10}$/);

    const sent = await sendMail(token, { emails: ['anna.bianchi@example.it', 'altro@example.de'], object: 'La vostra vacanza', uuid });
    expect(sent).toMatchObject({ ok: true, uuid, thread: uuid, object: `La vostra vacanza - RIF.: ${uuid} [CRM]`, duplicate: false });
    const trace = await traceOf(sent._id);
    expect(trace).toMatchObject({ campingId: campsite.id, contactId: anna.id, referenceId: uuid, threadId: uuid, direction: 'out', usedAt: null });
    expect(trace.recipients).toEqual(['anna.bianchi@example.it', 'altro@example.de']);
    const outbox = await outboxOf(sent._id);
    expect(outbox).toMatchObject({ kind: 'staff', subject: `La vostra vacanza - RIF.: ${uuid} [CRM]`, status: 'pending' });

    // A retry of the same call queues nothing new; another mail with the same reference is refused.
    const retry = await sendMail(token, { emails: ['anna.bianchi@example.it', 'altro@example.de'], object: 'La vostra vacanza', uuid });
    expect(retry).toMatchObject({ _id: sent._id, duplicate: true });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.mailTraceId, sent._id))).toHaveLength(1);
    const reused = await callApi(dispatch, 'POST', '/sendMail', { token, body: { emails: 'x@example.it', object: 'Altro', body: 'x', uuid } });
    expect(expectErrorAnswer(reused, 409)).toContain('getUUID');

    const marked = await callApi(dispatch, 'POST', `/markUUID/${uuid}`, { token });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json).toMatchObject({ ok: true, uuid, _id: sent._id, usedAt: expect.any(String) });
    expect((await traceOf(sent._id)).usedAt).toBeInstanceOf(Date);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/markUUID/ABCDEF0123', { token }), 404);
  });

  it('leaves a subject with a brace alone, takes cliente over the address, and a recipient text list', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    const other = await guest(campsite.id);
    const sent = await sendMail(token, { to: `${other.email}; second@example.it`, subject: 'Offerta {nome}', html: '<p>Ciao</p>', cliente: anna.id });
    expect(sent.object).toBe('Offerta {nome}');
    expect((await outboxOf(sent._id)).subject).toBe('Offerta {nome}');
    const trace = await traceOf(sent._id);
    expect(trace.contactId).toBe(anna.id);
    expect(trace.recipients).toEqual([other.email, 'second@example.it']);
    expect(trace.meta).toMatchObject({ cliente: anna.id, operatore: expect.stringContaining('@') });
  });

  it('refuses empty subjects and bodies, bad or too many addresses, with Italian 400s', async () => {
    const { token } = await account();
    const call = (body: unknown) => callApi(dispatch, 'POST', '/sendMail', { token, body });
    expect(expectErrorAnswer(await call({ emails: ['a@example.it'], object: '  ', body: 'x' }), 400)).toContain('oggetto');
    expect(expectErrorAnswer(await call({ emails: ['a@example.it'], object: 'Ciao', body: ' ' }), 400)).toContain('testo');
    expect(expectErrorAnswer(await call({ emails: [], object: 'Ciao', body: 'x' }), 400)).toContain('destinatario');
    expect(expectErrorAnswer(await call({ emails: ['non-un-indirizzo'], object: 'Ciao', body: 'x' }), 400)).toContain('e-mail');
    const many = Array.from({ length: 51 }, (_, i) => `ospite${i}@example.it`);
    expect(expectErrorAnswer(await call({ emails: many, object: 'Ciao', body: 'x' }), 400)).toContain('50');
    expect(expectErrorAnswer(await call({ emails: ['a@example.it'], object: 'Ciao', body: 'x', uuid: '<script>' }), 400)).toContain('uuid');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Ciao'))).toHaveLength(0);
  });
});

describe('/tracciaMail', () => {
  it('addMail follows the reference in a reply’s subject; getLazy pages the thread newest first', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    const sent = await sendMail(token, { emails: [anna.email], object: 'Preventivo estate' });

    const reply = await callApi(dispatch, 'POST', '/tracciaMail/addMail', {
      token,
      body: { emails: ['staff@campeggio.it'], object: `Re: ${sent.object}`, body: 'Grazie!', idEmail: 'gmail-123', prev_replies: ['<p>Buongiorno</p>'] },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toMatchObject({ thread: sent.thread, client: anna.id, direction: 'in', isSent: true, idEmail: 'gmail-123', prev_replies: ['<p>Buongiorno</p>'] });

    for (let i = 1; i <= 3; i++) {
      const added = await callApi(dispatch, 'POST', '/tracciaMail/addMail', {
        token,
        body: { thread: sent.thread, direction: i % 2 ? 'out' : 'in', emails: [anna.email], object: `Messaggio ${i}`, body: `Testo ${i}`, linked_mails: [sent._id] },
      });
      expect(added.status, added.text).toBe(200);
      expect(added.json).toMatchObject({ thread: sent.thread, client: anna.id, linked_mails: [sent._id] });
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await callApi(dispatch, 'POST', `/tracciaMail/getLazy/${encodeURIComponent(sent.thread)}`, { token, body: { limit: 2, cursor } });
      expect(answer.status, answer.text).toBe(200);
      const page = answer.json as TracePage;
      expect(page.total).toBe(5);
      seen.push(...page.items.map((item) => item.object));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Messaggio 3', 'Messaggio 2', 'Messaggio 1', `Re: ${sent.object}`, sent.object]);

    expectErrorAnswer(await callApi(dispatch, 'POST', '/tracciaMail/getLazy/inesistente', { token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/tracciaMail/getLazy/${sent.thread}`, { token, body: { limit: 1000 } }), 400);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/tracciaMail/getLazy/${sent.thread}`, { token, body: { cursor: 'rotto' } }), 400);
  });

  it('addMail without thread nor reference starts a new thread on the contact of the first address', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    const answer = await callApi(dispatch, 'POST', '/tracciaMail/addMail', { token, body: { emails: [anna.email], object: 'Domanda', body: 'Avete posto?' } });
    expect(answer.status, answer.text).toBe(200);
    const trace = answer.json as LegacyTrace;
    expect(trace.thread).toBe(trace._id);
    expect(trace.client).toBe(anna.id);
  });

  it('is closed to service accounts (pack level 0), unlike /sendMail', async () => {
    const { token } = await account(0);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/tracciaMail/addMail', { token, body: { object: 'x' } }), 403);
    expect((await callApi(dispatch, 'POST', '/getUUID', { token })).status).toBe(200);
  });
});

describe('/sendMailCV and /getMailCV', () => {
  it('answers responseCode 200 and lists the CV mails only', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    await sendMail(token, { emails: [anna.email], object: 'Non CV' });
    const answer = await callApi(dispatch, 'POST', '/sendMailCV', { token, body: { emails: [anna.email], object: 'Prenotazione confermata', body: '<p>Ok</p>', emailCV: 'conferma' } });
    expect(answer.status, answer.text).toBe(200);
    const sent = answer.json as Sent & { responseCode: number };
    expect(sent.responseCode).toBe(200);
    expect(sent.object).toBe(`Prenotazione confermata - RIF.: ${sent.uuid} [CRM]`);
    expect(await outboxOf(sent._id)).toMatchObject({ kind: 'cv' });
    expect((await traceOf(sent._id)).meta).toMatchObject({ emailCV: 'conferma', tag: 'emailCV' });

    const list = await callApi(dispatch, 'POST', '/getMailCV', { token, body: {} });
    expect(list.status, list.text).toBe(200);
    const page = list.json as TracePage;
    expect(page.total).toBe(1);
    expect(page.items.map((item) => item._id)).toEqual([sent._id]);
  });

  it('a refusal is not responseCode 200: it carries its own status', async () => {
    const { token } = await account();
    const answer = await callApi(dispatch, 'POST', '/sendMailCV', { token, body: { emails: ['a@example.it'], object: 'x', body: 'y', cliente: 'sconosciuto' } });
    expectErrorAnswer(answer, 404);
    expect(answer.json).toMatchObject({ responseCode: 404 });
  });
});

describe('/sendNewsletter and /newsletterSubscription', () => {
  async function listWith(campsiteId: string, members: (typeof contacts.$inferSelect)[], unsubscribed: string[] = []) {
    const [list] = await db.insert(mailingLists).values({ campingId: campsiteId, name: `Lista ${unique()}` }).returning();
    for (const member of members) {
      await db
        .insert(listMemberships)
        .values({ campingId: campsiteId, listId: list.id, contactId: member.id, unsubscribedAt: unsubscribed.includes(member.id) ? new Date() : null });
    }
    return list;
  }

  it('starts the newsletter with the campsite’s key, counts who gets it, and never starts a campaign twice', async () => {
    const { campsite, token } = await account();
    const subscribed = await guest(campsite.id, { languageId: 3 });
    const offList = await guest(campsite.id);
    const optedOut = await guest(campsite.id, { newsletterOptOutAt: new Date() });
    const noAddress = await guest(campsite.id, { email: null });
    const sameAddress = await guest(campsite.id, { email: subscribed.email!.toUpperCase(), languageId: 3 });
    const list = await listWith(campsite.id, [subscribed, offList, optedOut, noAddress, sameAddress], [offList.id]);
    const body = { lista: list.id, object: 'Novità 2027', body: '<p>Offerte</p>' };

    // Without the campsite's own provider key and secret nothing starts.
    expectErrorAnswer(await callApi(dispatch, 'POST', '/sendNewsletter', { token, body }), 409);
    expect(await db.select().from(campaigns).where(eq(campaigns.campingId, campsite.id))).toEqual([]);
    await db
      .update(campsites)
      .set({ mailjetApiKey: encryptSecret(PROVIDER_KEY), mailjetSecret: encryptSecret(SIGNING_SECRET) })
      .where(eq(campsites.id, campsite.id));

    const answer = await callApi(dispatch, 'POST', '/sendNewsletter', { token, body });
    expect(answer.status, answer.text).toBe(200);
    const outcome = answer.json as { count: number; skipped: number; alreadyQueued: number; idCampagna: string };
    expect(outcome).toMatchObject({ ok: true, count: 1, skipped: 4, alreadyQueued: 0, stato: 'sending' });
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, outcome.idCampagna));
    expect(campaign).toMatchObject({ listId: list.id, subject: 'Novità 2027', status: 'sending', campingId: campsite.id });
    // Newsletters go through the provider's batch sending, never through the outbox or the traces.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsite.id))).toEqual([]);
    expect(await db.select().from(mailTraces).where(eq(mailTraces.campingId, campsite.id))).toHaveLength(0);

    // The same campaign again starts nothing.
    const again = await callApi(dispatch, 'POST', '/sendNewsletter', { token, body: { ...body, idCampagna: outcome.idCampagna } });
    expect(again.json).toMatchObject({ count: 0, alreadyQueued: 1, idCampagna: outcome.idCampagna });
    expect(await db.select().from(campaigns).where(eq(campaigns.campingId, campsite.id))).toHaveLength(1);

    expectErrorAnswer(await callApi(dispatch, 'POST', '/sendNewsletter', { token, body: { lista: list.id, object: '', body: 'x' } }), 400);
    const other = await account();
    expectErrorAnswer(await callApi(dispatch, 'POST', '/sendNewsletter', { token: other.token, body: { lista: list.id, object: 'x', body: 'y' } }), 404);
  });

  it('unsubscribes and subscribes a contact by e-mail or id, and only the campsite’s own', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    const list = await listWith(campsite.id, [anna]);
    const off = await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: { email: anna.email!.toUpperCase(), iscritto: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toEqual({ cliente: anna.id, iscritto: false, liste: [{ id: list.id, nome: list.name, iscritto: false }] });
    const on = await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: { cliente: anna.id, iscritto: true } });
    expect(on.json).toMatchObject({ iscritto: true, liste: [{ id: list.id, iscritto: true }] });

    const other = await account();
    expectErrorAnswer(await callApi(dispatch, 'POST', '/newsletterSubscription', { token: other.token, body: { cliente: anna.id, iscritto: false } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/newsletterSubscription', { token, body: { cliente: anna.id } }), 400);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('/allegati', () => {
  it('adds (JSON or multipart), lists by quote or mail, sends with a mail and deletes', async () => {
    const { campsite, token } = await account();
    const anna = await guest(campsite.id);
    const [quote] = await db.insert(quotes).values({ campingId: campsite.id, contactId: anna.id }).returning();

    const added = await callApi(dispatch, 'POST', '/allegati/addAllegato', {
      token,
      body: { data: `data:application/pdf;base64,${PDF.toString('base64')}`, fileName: 'C:\\docs\\listino.pdf', mimeType: 'application/pdf', idPreventivo: quote.id },
    });
    expect(added.status, added.text).toBe(200);
    const attachment = added.json as Attachment;
    expect(attachment).toMatchObject({ fileName: 'listino.pdf', mimeType: 'application/pdf', size: PDF.length, idPreventivo: quote.id, idMail: null });

    const form = new FormData();
    form.set('file', new File([new Uint8Array(Buffer.from('ciao'))], 'note.txt', { type: 'text/plain' }));
    const multipart = await dispatch(
      new Request(`${API_ORIGIN}/api/allegati/addAllegato`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomAddress() }, body: form }),
    );
    expect(multipart.status).toBe(200);
    const note = (await multipart.json()) as Attachment;
    expect(note).toMatchObject({ fileName: 'note.txt', mimeType: 'text/plain', size: 4 });

    const listed = await callApi(dispatch, 'POST', `/allegati/getAllegati/${quote.id}`, { token });
    expect(listed.status, listed.text).toBe(200);
    expect((listed.json as Attachment[]).map((item) => item._id)).toEqual([attachment._id]);
    expect(listed.text).not.toContain(PDF.toString('base64'));

    const sent = await sendMail(token, { emails: [anna.email], object: 'Con allegato', allegati: [note._id] });
    expect((await outboxOf(sent._id)).attachmentIds).toEqual([note._id]);
    const ofMail = await callApi(dispatch, 'POST', `/allegati/getAllegati/${sent._id}`, { token });
    expect((ofMail.json as Attachment[]).map((item) => item._id)).toEqual([note._id]);
    // Still waiting in the outbox: not deletable yet.
    expectErrorAnswer(await callApi(dispatch, 'POST', `/allegati/deleteAllegato/${note._id}`, { token }), 409);

    const deleted = await callApi(dispatch, 'POST', `/allegati/deleteAllegato/${attachment._id}`, { token });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ ok: true, _id: attachment._id });
    expectErrorAnswer(await callApi(dispatch, 'POST', `/allegati/deleteAllegato/${attachment._id}`, { token }), 404);
    expect((await callApi(dispatch, 'POST', `/allegati/getAllegati/${quote.id}`, { token })).json).toEqual([]);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/allegati/getAllegati/inesistente', { token }), 404);
  });

  it('refuses files over 10 MB, programs and scripts, and empty uploads', async () => {
    const { campsite, token } = await account();
    const add = (body: unknown) => callApi(dispatch, 'POST', '/allegati/addAllegato', { token, body });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1).toString('base64');
    expect(expectErrorAnswer(await add({ data: big, fileName: 'grande.pdf', mimeType: 'application/pdf' }), 400)).toContain('10 MB');
    expect(expectErrorAnswer(await add({ data: PDF.toString('base64'), fileName: 'setup.exe' }), 400)).toContain('programmi');
    expect(expectErrorAnswer(await add({ data: PDF.toString('base64'), fileName: 'a.txt', mimeType: 'application/x-msdownload' }), 400)).toContain('programmi');
    const peBytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]).toString('base64');
    expect(expectErrorAnswer(await add({ data: peBytes, fileName: 'listino.pdf', mimeType: 'application/pdf' }), 400)).toContain('programmi');
    expect(expectErrorAnswer(await add({ data: Buffer.from('#!/bin/sh\nrm -rf /').toString('base64'), fileName: 'x.txt' }), 400)).toContain('programmi');
    expect(expectErrorAnswer(await add({ data: '', fileName: 'vuoto.pdf' }), 400)).toContain('vuoto');
    expectErrorAnswer(await add({ data: 'non base64!!', fileName: 'x.pdf' }), 400);
    expectErrorAnswer(await add({ fileName: 'x.pdf' }), 400);
    expect(await db.select().from(mailAttachments).where(eq(mailAttachments.campingId, campsite.id))).toHaveLength(0);
  });
});

describe('/sendMailConfirm (public)', () => {
  it('sends the fixed confirmation to a contact of that campsite only, once', async () => {
    const { campsite } = await account();
    const anna = await guest(campsite.id, { languageId: 3 });
    const other = await account();
    const confirm = (body: unknown, ip = randomAddress()) => callApi(dispatch, 'POST', '/sendMailConfirm', { body, ip });

    expectErrorAnswer(await confirm({ camp: other.campsite.id, cliente: anna.id }), 404);
    expectErrorAnswer(await confirm({ camp: campsite.id, cliente: 'inesistente-123456' }), 404);
    expectErrorAnswer(await confirm({ camp: campsite.id }), 400);
    // A recipient or a text in the body is ignored: the mail goes to the contact's own address.
    const first = await confirm({ camp: campsite.id, cliente: anna.id, emails: ['vittima@example.it'], body: '<a href="x">premio</a>' });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ ok: true, sent: true });
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsite.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact-confirmation', recipients: [anna.email] });
    expect(rows[0].subject).toMatch(/ - RIF\.: [0-9A-F]{6} \[CRM\]$/);

    const again = await confirm({ camp: campsite.id, cliente: anna.id });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual({ ok: true, sent: false });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.campingId, other.campsite.id))).toHaveLength(0);
  });

  it('is limited per recipient', async () => {
    const { campsite } = await account();
    const anna = await guest(campsite.id);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await callApi(dispatch, 'POST', '/sendMailConfirm', { body: { camp: campsite.id, cliente: anna.id }, ip: randomAddress() })).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe('tenant isolation', () => {
  it('another campsite’s token cannot read a thread, mark a reference, use, list or delete attachments, or name a contact', async () => {
    const a = await account();
    const b = await account();
    const anna = await guest(a.campsite.id);
    const uploaded = await callApi(dispatch, 'POST', '/allegati/addAllegato', { token: a.token, body: { data: PDF.toString('base64'), fileName: 'a.pdf', mimeType: 'application/pdf' } });
    const attachment = uploaded.json as Attachment;
    const sent = await sendMail(a.token, { emails: [anna.email], object: 'Privata' });

    expectErrorAnswer(await callApi(dispatch, 'POST', `/tracciaMail/getLazy/${sent.thread}`, { token: b.token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/markUUID/${sent.uuid}`, { token: b.token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/allegati/getAllegati/${sent._id}`, { token: b.token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/allegati/deleteAllegato/${attachment._id}`, { token: b.token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/sendMail', { token: b.token, body: { emails: ['x@example.it'], object: 'x', body: 'y', allegati: [attachment._id] } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/sendMail', { token: b.token, body: { emails: ['x@example.it'], object: 'x', body: 'y', cliente: anna.id } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/tracciaMail/addMail', { token: b.token, body: { object: 'x', cliente: anna.id } }), 404);
    // A reply quoting A's reference, recorded by B, does not join A's thread.
    const replyB = await callApi(dispatch, 'POST', '/tracciaMail/addMail', { token: b.token, body: { object: `Re: ${sent.object}`, emails: [anna.email] } });
    expect((replyB.json as LegacyTrace).thread).not.toBe(sent.thread);
    expect((replyB.json as LegacyTrace).client).toBeNull();
    expect((await callApi(dispatch, 'POST', '/getMailCV', { token: b.token })).json).toMatchObject({ total: 0 });

    expect((await db.select().from(mailAttachments).where(eq(mailAttachments.id, attachment._id))).length).toBe(1);
    expect((await traceOf(sent._id)).usedAt).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every mail call with its answer', () => {
    const document = buildOpenApiDocument(legacyRoutes);
    for (const path of ['/api/sendMail', '/api/sendMailCV', '/api/tracciaMail/getLazy/{thread}', '/api/allegati/addAllegato', '/api/sendNewsletter']) {
      const operation = document.paths[path]?.post as { responses: Record<string, { content: Record<string, { schema: object }> }> } | undefined;
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation!.responses['200'].content['application/json'].schema).length, path).toBeGreaterThan(0);
    }
  });
});
