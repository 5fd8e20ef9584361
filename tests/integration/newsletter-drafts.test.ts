import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, drafts, listMemberships, mailingLists, templates } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { listsForPicker } from '@/lib/drafts/lists-for-picker';
import {
  createNewsletterDraft,
  deleteNewsletterDraft,
  getNewsletterDraft,
  listNewsletterDrafts,
  updateNewsletterDraft,
} from '@/lib/drafts/service';
import { newsletterDraftPatchSchema, newsletterDraftSchema } from '@/lib/drafts/validation';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { LegacyDraft } from '@/lib/legacy-api/shapes/draft';
import { previewNewsletter, sendTestNewsletter } from '@/lib/newsletter/preview';
import type { BatchMail, NewsletterProvider } from '@/lib/newsletter/provider';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

/** A campsite with its provider key, a staff user, a list of three (one unsubscribed, one without address) and a template. */
async function account() {
  const campsite = await makeCampsite(db, { mailjetApiKey: encryptSecret('re_chiave_di_prova'), mailjetSecret: encryptSecret('whsec_prova') });
  const user = await makeUser(db, campsite.id, { packLevel: 10 });
  const [list] = await db.insert(mailingLists).values({ campingId: campsite.id, name: 'Estate' }).returning();
  const people = await db
    .insert(contacts)
    .values([
      { campingId: campsite.id, firstName: 'Anna', lastName: 'Bianchi', email: 'anna@ospiti.test' },
      { campingId: campsite.id, firstName: 'Bruno', lastName: 'Verdi', email: 'bruno@ospiti.test' },
      { campingId: campsite.id, firstName: 'Carla', lastName: 'Neri', email: null },
    ])
    .returning();
  await db.insert(listMemberships).values(
    people.map((person, index) => ({ campingId: campsite.id, listId: list.id, contactId: person.id, unsubscribedAt: index === 1 ? new Date() : null })),
  );
  const [template] = await db
    .insert(templates)
    .values({ campingId: campsite.id, name: 'Novità', html: '<p>Ciao {{nome}}, ecco le novità.</p>', languageId: 1 })
    .returning();
  return { campsite, user, list, template, people, campsiteId: campsite.id, ctx: ctxFor(db, { campsiteId: campsite.id }) };
}

const draftOf = (input: unknown) => newsletterDraftSchema.parse(input);

describe('newsletter drafts (service)', () => {
  it('creates, reads, changes only the fields given, lists newest first and deletes', async () => {
    const { ctx, user, list, template } = await account();
    const first = await createNewsletterDraft(ctx, { ownerId: user.id, draft: draftOf({}) });
    expect(first).toMatchObject({ subject: '', listId: null, templateId: null, languageId: null, html: '', step: 'lista', sendAt: null, ownerId: user.id });
    const second = await createNewsletterDraft(ctx, { ownerId: user.id, draft: draftOf({ subject: '  Estate 2027 ', listId: list.id }) });
    expect(second.subject).toBe('Estate 2027');
    expect(second.title).toBe('Estate 2027');

    const changed = await updateNewsletterDraft(ctx, {
      id: second.id,
      patch: newsletterDraftPatchSchema.parse({ templateId: template.id, languageId: '1', html: '<p>x</p>', step: 2, sendAt: '2027-05-01T08:00:00+02:00' }),
    });
    expect(changed).toMatchObject({ subject: 'Estate 2027', listId: list.id, templateId: template.id, languageId: 1, html: '<p>x</p>', step: 'resume' });
    expect(changed.sendAt).toBe('2027-05-01T06:00:00.000Z');
    expect((await getNewsletterDraft(ctx, { id: second.id })).html).toBe('<p>x</p>');

    const page = await listNewsletterDrafts(ctx);
    expect(page.items.map((draft) => draft.id)).toEqual([second.id, first.id]);
    const paged = await listNewsletterDrafts(ctx, { limit: 1 });
    expect(paged.items.map((draft) => draft.id)).toEqual([second.id]);
    const next = await listNewsletterDrafts(ctx, { limit: 1, cursor: paged.nextCursor });
    expect(next.items.map((draft) => draft.id)).toEqual([first.id]);
    expect(next.nextCursor).toBeNull();

    await deleteNewsletterDraft(ctx, { id: first.id });
    expect((await failure(getNewsletterDraft(ctx, { id: first.id }))).kind).toBe('not_found');
  });

  it('keeps campsites apart: another campsite’s draft, list or template is not found', async () => {
    const owner = await account();
    const stranger = await account();
    const draft = await createNewsletterDraft(owner.ctx, { ownerId: owner.user.id, draft: draftOf({ subject: 'Privata' }) });
    const ids = { id: draft.id };
    expect((await failure(getNewsletterDraft(stranger.ctx, ids))).kind).toBe('not_found');
    expect((await failure(updateNewsletterDraft(stranger.ctx, { ...ids, patch: { subject: 'Rubata' } }))).kind).toBe('not_found');
    expect((await failure(deleteNewsletterDraft(stranger.ctx, ids))).kind).toBe('not_found');
    expect((await listNewsletterDrafts(stranger.ctx)).items).toEqual([]);
    const foreignList = await failure(updateNewsletterDraft(owner.ctx, { id: draft.id, patch: { listId: stranger.list.id } }));
    expect(foreignList.kind).toBe('bad_request');
    const foreignDraft = draftOf({ templateId: stranger.template.id });
    const foreignTemplate = await failure(createNewsletterDraft(owner.ctx, { ownerId: null, draft: foreignDraft }));
    expect(foreignTemplate.kind).toBe('bad_request');
    expect((await getNewsletterDraft(owner.ctx, { id: draft.id })).subject).toBe('Privata');
  });

  it('counts each list’s recipients like the send does', async () => {
    const { campsiteId, ctx, list } = await account();
    const [empty] = await db.insert(mailingLists).values({ campingId: campsiteId, name: 'Autunno' }).returning();
    expect(await listsForPicker(ctx)).toEqual([
      { id: empty.id, name: 'Autunno', description: '', recipients: 0 },
      { id: list.id, name: 'Estate', description: '', recipients: 1 },
    ]);
  });

  it('previews with a real member and sends the test to the staff’s own address with the campsite’s key', async () => {
    const { ctx, list, template, user } = await account();
    const sent: { apiKey: string; mails: BatchMail[]; key: string }[] = [];
    const factory = (apiKey: string): NewsletterProvider => ({
      async sendBatch(mails, idempotencyKey) {
        sent.push({ apiKey, mails, key: idempotencyKey });
        return { ids: mails.map((_, index) => `prova-${index}`) };
      },
    });
    const content = { listId: list.id, subject: 'Novità per {{nome}}', html: template.html, origin: 'https://crm.example.test' };
    const preview = await previewNewsletter(ctx, content, factory);
    expect(preview.recipients).toBe(1);
    expect(preview.member).toMatchObject({ firstName: 'Anna', email: 'anna@ospiti.test' });
    expect(preview.mail?.html).toContain('Ciao Anna');
    expect(preview.mail?.subject).toBe('Novità per Anna');
    await sendTestNewsletter(ctx, { ...content, to: user.email }, factory);
    expect(sent).toHaveLength(1);
    expect(sent[0].apiKey).toBe('re_chiave_di_prova');
    expect(sent[0].mails.map((mail) => [mail.to, mail.subject])).toEqual([[user.email, '[PROVA] Novità per Anna']]);
  });

  it('refuses to preview or test a newsletter that uses what only a quote can fill, naming the placeholders', async () => {
    const { ctx, list, user } = await account();
    const factory = (): NewsletterProvider => ({ sendBatch: async (mails) => ({ ids: mails.map(() => 'mai') }) });
    const content = { listId: list.id, subject: 'Offerte', html: '<p>Il soggiorno con arrivo il {{arrivo}}: <a href="{{linkPreventivo}}">vedi il preventivo</a></p>', origin: 'https://crm.example.test' };
    const preview = await failure(previewNewsletter(ctx, content, factory));
    expect(preview.kind).toBe('bad_request');
    expect(preview.message).toContain('{{arrivo}}, {{linkPreventivo}}');
    expect((await failure(sendTestNewsletter(ctx, { ...content, to: user.email }, factory))).kind).toBe('bad_request');
  });
});

describe('/addBozza, /editBozza/{id}, /deleteBozza/{id}', () => {
  async function apiAccount() {
    const found = await account();
    return { ...found, token: await loginViaApi(dispatch, found.user.email) };
  }
  const add = async (token: string, body: unknown) => {
    const answer = await callApi(dispatch, 'POST', '/addBozza', { token, body });
    expect(answer.status, answer.text).toBe(200);
    return answer.json as LegacyDraft;
  };

  it('works with the legacy field names end to end', async () => {
    const { token, campsite, user, list, template } = await apiAccount();
    const body = { oggetto: 'Offerte di maggio', lista: list.id, template: template.id, lingua: '1', html: '<p>Ciao</p>', step: 'template', _id: 'ignorato' };
    const created = await add(token, body);
    expect(created).toEqual({
      _id: expect.any(String),
      idBozza: created._id,
      camping: campsite.id,
      owner: user.id,
      tipo: 'newsletter',
      oggetto: 'Offerte di maggio',
      template: template.id,
      lista: list.id,
      lingua: 1,
      html: '<p>Ciao</p>',
      step: 'template',
      sendAt: null,
      date_creation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      date_update: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const edited = await callApi(dispatch, 'POST', `/editBozza/${created._id}`, { token, body: { subject: 'Offerte di giugno', step: 2, camping: 'altro' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ _id: created._id, oggetto: 'Offerte di giugno', lista: list.id, template: template.id, html: '<p>Ciao</p>' });
    expect(edited.json).toMatchObject({ step: 'resume', camping: campsite.id });

    const empty = await add(token, {});
    expect(empty).toMatchObject({ oggetto: '', lista: null, template: null, step: 'lista' });

    const deleted = await callApi(dispatch, 'POST', `/deleteBozza/${created._id}`, { token });
    expect(deleted.status).toBe(200);
    expect((deleted.json as LegacyDraft)._id).toBe(created._id);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteBozza/${created._id}`, { token }), 404);
    expect((await db.select({ id: drafts.id }).from(drafts).where(eq(drafts.campingId, campsite.id))).map((row) => row.id)).toEqual([empty._id]);
  });

  it('answers 400 in Italian to bad input and changes nothing', async () => {
    const { token, campsite } = await apiAccount();
    const created = await add(token, { oggetto: 'Prima' });
    const before = await db.select().from(drafts).where(eq(drafts.campingId, campsite.id));
    const bad: unknown[] = [
      { step: 'ultimo' },
      { lingua: 'tedesco' },
      { oggetto: 'x'.repeat(301) },
      { sendAt: 'domani' },
      { lista: 'lista-inesistente' },
      { template: 42 },
      { html: 5 },
    ];
    for (const body of bad) {
      const message = expectErrorAnswer(await callApi(dispatch, 'POST', `/editBozza/${created._id}`, { token, body }), 400);
      expect(message, JSON.stringify(body)).toMatch(/[a-zà-ù]/i);
      expectErrorAnswer(await callApi(dispatch, 'POST', '/addBozza', { token, body }), 400);
    }
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addBozza', { token, body: { step: 'ultimo' } }), 400)).toContain('Passo non valido');
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addBozza', { token, body: { lista: 'nessuna' } }), 400)).toContain('lista');
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addBozza', { token, body: '[]' }), 400);
    expect(await db.select().from(drafts).where(eq(drafts.campingId, campsite.id))).toEqual(before);
  });

  it('keeps campsites apart', async () => {
    const owner = await apiAccount();
    const stranger = await apiAccount();
    const created = await add(owner.token, { oggetto: 'Privata', lista: owner.list.id });
    expectErrorAnswer(await callApi(dispatch, 'POST', `/editBozza/${created._id}`, { token: stranger.token, body: { oggetto: 'Rubata' } }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/deleteBozza/${created._id}`, { token: stranger.token }), 404);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addBozza', { token: stranger.token, body: { lista: owner.list.id } }), 400);
    const [row] = await db.select().from(drafts).where(eq(drafts.id, created._id));
    expect(row).toMatchObject({ campingId: owner.campsite.id, title: 'Privata' });
  });

  it('needs a token', async () => {
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addBozza', { body: {} }), 401);
  });

  it('documents the legacy fields in the OpenAPI document', () => {
    const document = buildOpenApiDocument(legacyRoutes);
    for (const path of ['/api/addBozza', '/api/editBozza/{id}', '/api/deleteBozza/{id}']) {
      const operation = document.paths[path].post as { tags: string[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
      expect(operation.tags).toEqual(['templates-and-drafts']);
      expect(JSON.stringify(operation.responses['200'].content['application/json'].schema)).toContain('idBozza');
    }
    const add = document.paths['/api/addBozza'].post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    const properties = Object.keys(add.requestBody.content['application/json'].schema.properties);
    expect(properties).toEqual(expect.arrayContaining(['oggetto', 'template', 'lista', 'lingua', 'html', 'step']));
  });
});
