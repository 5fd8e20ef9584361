import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { images } from '@/db/schema';
import { AppError } from '@/lib/errors';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  reminderTemplate,
  templatesForLanguage,
  updateTemplate,
} from '@/lib/templates/service';
import { templateFieldsSchema, type TemplateFormValues } from '@/lib/templates/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

const IT = 1;
const EN = 2;
const DE = 3;
const FR = 4;

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const input = (values: TemplateFormValues) => templateFieldsSchema.parse(values);
const campsiteId = async () => (await makeCampsite(db)).id;
const ctxOf = (campsiteId: string) => ctxFor(db, { campsiteId });

async function expectAppError(promise: Promise<unknown>, kind: AppError['kind']) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe(kind);
  return error as AppError;
}

describe('template CRUD', () => {
  it('creates, reads, updates with the version and deletes', async () => {
    const camp = await campsiteId();
    const created = await createTemplate(ctxOf(camp), input({ name: '  Benvenuto  ', html: '<p>Ciao {{nome}}</p>', languageId: '3', note: 'nota' }));
    expect(created).toMatchObject({ name: 'Benvenuto', html: '<p>Ciao {{nome}}</p>', languageId: DE, note: 'nota', isReminder: false, version: 0, imageIds: [] });
    expect(await getTemplate(ctxOf(camp), created.id)).toEqual(created);

    const updated = await updateTemplate(ctxOf(camp), created.id, { name: 'Willkommen', html: '<h2>Hallo {{nome}}</h2>' }, 0);
    expect(updated).toMatchObject({ name: 'Willkommen', html: '<h2>Hallo {{nome}}</h2>', languageId: DE, note: 'nota', version: 1 });

    // A save made from the version-0 page after somebody else's save is refused, and changes nothing.
    const stale = await expectAppError(updateTemplate(ctxOf(camp), created.id, { name: 'Vecchia' }, 0), 'conflict');
    expect(stale.message).toContain('ricarica la pagina');
    expect((await getTemplate(ctxOf(camp), created.id)).name).toBe('Willkommen');

    expect((await deleteTemplate(ctxOf(camp), created.id)).id).toBe(created.id);
    await expectAppError(getTemplate(ctxOf(camp), created.id), 'not_found');
    await expectAppError(deleteTemplate(ctxOf(camp), created.id), 'not_found');
  });

  it('refuses a nameless template and an unknown language', async () => {
    expect(templateFieldsSchema.safeParse({ name: '   ' }).success).toBe(false);
    await expectAppError(createTemplate(ctxOf(await campsiteId()), input({ name: 'X', languageId: 999 })), 'bad_request');
  });

  it('keeps only the campsite’s own images', async () => {
    const camp = await campsiteId();
    const other = await campsiteId();
    const picture = { fileName: 'a.jpg', mimeType: 'image/jpeg', width: 1, height: 1, byteSize: 1, data: Buffer.from([1]) };
    const [mine] = await db.insert(images).values({ ...picture, campingId: camp }).returning({ id: images.id });
    const [theirs] = await db.insert(images).values({ ...picture, campingId: other }).returning({ id: images.id });
    const created = await createTemplate(ctxOf(camp), input({ name: 'Con foto', imageIds: [mine.id, theirs.id, 'inesistente', mine.id] }));
    expect(created.imageIds).toEqual([mine.id]);
  });

  it('duplicates as "Copia di …", never as the reminder', async () => {
    const camp = await campsiteId();
    const original = await createTemplate(ctxOf(camp), input({ name: 'Sollecito', html: '<p>x</p>', languageId: IT, isReminder: true, note: 'n' }));
    const copy = await duplicateTemplate(ctxOf(camp), original.id);
    expect(copy).toMatchObject({ name: 'Copia di Sollecito', html: '<p>x</p>', languageId: IT, note: 'n', isReminder: false, version: 0 });
    expect(copy.id).not.toBe(original.id);
    expect((await getTemplate(ctxOf(camp), original.id)).isReminder).toBe(true);
  });
});

describe('lists and choices', () => {
  it('filters by language, reminder flag and name, ordered by name', async () => {
    const camp = await campsiteId();
    await createTemplate(ctxOf(camp), input({ name: 'b tedesco', languageId: DE }));
    await createTemplate(ctxOf(camp), input({ name: 'A tedesco 100%', languageId: DE, isReminder: true }));
    await createTemplate(ctxOf(camp), input({ name: 'Italiano', languageId: IT }));
    expect((await listTemplates(ctxOf(camp))).map((row) => row.name)).toEqual(['A tedesco 100%', 'b tedesco', 'Italiano']);
    expect((await listTemplates(ctxOf(camp), { languageId: DE })).map((row) => row.name)).toEqual(['A tedesco 100%', 'b tedesco']);
    expect((await listTemplates(ctxOf(camp), { isReminder: true })).map((row) => row.name)).toEqual(['A tedesco 100%']);
    expect((await listTemplates(ctxOf(camp), { search: '100%' })).map((row) => row.name)).toEqual(['A tedesco 100%']);
    expect(await listTemplates(ctxOf(camp), { search: '_' })).toEqual([]);
  });

  it('puts the guest’s language first', async () => {
    const camp = await campsiteId();
    await createTemplate(ctxOf(camp), input({ name: 'Alfa', languageId: IT }));
    await createTemplate(ctxOf(camp), input({ name: 'Zeta', languageId: EN }));
    await createTemplate(ctxOf(camp), input({ name: 'Beta', languageId: EN }));
    await createTemplate(ctxOf(camp), input({ name: 'Gamma' }));
    expect((await templatesForLanguage(ctxOf(camp), EN)).map((row) => row.name)).toEqual(['Beta', 'Zeta', 'Alfa', 'Gamma']);
    // A guest without a language reads English, as the guest pages do: English after the templates without one.
    expect((await templatesForLanguage(ctxOf(camp), null)).map((row) => row.name)).toEqual(['Gamma', 'Beta', 'Zeta', 'Alfa']);
    // A foreign guest: their language (none here), then English, then the others.
    expect((await templatesForLanguage(ctxOf(camp), DE)).map((row) => row.name)).toEqual(['Beta', 'Zeta', 'Alfa', 'Gamma']);
  });

  it('keeps one reminder per language and picks the language, else English for a foreign guest, never another', async () => {
    const camp = await campsiteId();
    expect(await reminderTemplate(ctxOf(camp), DE)).toBeNull();
    const french = await createTemplate(ctxOf(camp), input({ name: 'Rappel', languageId: FR, isReminder: true }));
    expect(await reminderTemplate(ctxOf(camp), DE)).toBeNull();
    expect((await reminderTemplate(ctxOf(camp), FR))?.id).toBe(french.id);
    const italian = await createTemplate(ctxOf(camp), input({ name: 'Sollecito', languageId: IT, isReminder: true }));
    expect(await reminderTemplate(ctxOf(camp), DE)).toBeNull();
    const english = await createTemplate(ctxOf(camp), input({ name: 'Reminder', languageId: EN, isReminder: true }));
    expect((await reminderTemplate(ctxOf(camp), DE))?.id).toBe(english.id);
    const german = await createTemplate(ctxOf(camp), input({ name: 'Erinnerung', languageId: DE, isReminder: true }));
    expect((await reminderTemplate(ctxOf(camp), DE))?.id).toBe(german.id);
    expect((await reminderTemplate(ctxOf(camp), EN))?.id).toBe(english.id);
    expect((await reminderTemplate(ctxOf(camp), IT))?.id).toBe(italian.id);

    // A second German reminder takes the role; the first loses its mark and its version goes up.
    const second = await createTemplate(ctxOf(camp), input({ name: 'Erinnerung 2', languageId: DE, isReminder: true }));
    expect((await reminderTemplate(ctxOf(camp), DE))?.id).toBe(second.id);
    expect(await getTemplate(ctxOf(camp), german.id)).toMatchObject({ isReminder: false, version: 1 });
    // Marking through an edit works the same; another language's reminder is untouched.
    await updateTemplate(ctxOf(camp), german.id, { isReminder: true });
    expect((await reminderTemplate(ctxOf(camp), DE))?.id).toBe(german.id);
    expect((await getTemplate(ctxOf(camp), second.id)).isReminder).toBe(false);
    expect((await getTemplate(ctxOf(camp), italian.id)).isReminder).toBe(true);
    // Moving a reminder to another language clears that language's one.
    await updateTemplate(ctxOf(camp), second.id, { languageId: IT, isReminder: true });
    expect((await getTemplate(ctxOf(camp), italian.id)).isReminder).toBe(false);
    expect((await reminderTemplate(ctxOf(camp), IT))?.id).toBe(second.id);
  });
});

describe('tenant isolation', () => {
  it('another campsite cannot read, list, edit, duplicate or delete a template', async () => {
    const owner = await campsiteId();
    const stranger = await campsiteId();
    const template = await createTemplate(ctxOf(owner), input({ name: 'Privato', languageId: IT, isReminder: true }));
    await expectAppError(getTemplate(ctxOf(stranger), template.id), 'not_found');
    await expectAppError(updateTemplate(ctxOf(stranger), template.id, { name: 'Rubato' }), 'not_found');
    await expectAppError(duplicateTemplate(ctxOf(stranger), template.id), 'not_found');
    await expectAppError(deleteTemplate(ctxOf(stranger), template.id), 'not_found');
    expect(await listTemplates(ctxOf(stranger))).toEqual([]);
    expect(await templatesForLanguage(ctxOf(stranger), IT)).toEqual([]);
    expect(await reminderTemplate(ctxOf(stranger), IT)).toBeNull();
    // A reminder of the stranger's own does not clear the owner's.
    await createTemplate(ctxOf(stranger), input({ name: 'Suo sollecito', languageId: IT, isReminder: true }));
    expect(await getTemplate(ctxOf(owner), template.id)).toMatchObject({ name: 'Privato', isReminder: true, version: 0 });
  });
});

describe('newsletter templates', () => {
  it('are their own: offered to the newsletter only, never to a quote mail or as its reminder, and hold only what a newsletter can fill', async () => {
    const camp = await campsiteId();
    const ctx = ctxOf(camp);
    const quote = await createTemplate(ctx, input({ name: 'Preventivo', languageId: IT, html: '<p>Gentile {{nome}}, con arrivo il {{arrivo}}: <a href="{{linkPreventivo}}">vedi il preventivo</a></p>' }));
    const news = await createTemplate(ctx, input({ name: 'Novità', languageId: IT, purpose: 'newsletter', html: '<p>Ciao {{nome}}, le novità di {{campeggio}}</p>' }));
    expect(news.purpose).toBe('newsletter');
    expect(quote.purpose).toBe('quote');
    expect((await listTemplates(ctx, { purpose: 'newsletter' })).map((row) => row.id)).toEqual([news.id]);
    expect((await templatesForLanguage(ctx, IT)).map((row) => row.id)).toEqual([quote.id]);

    const refused = await createTemplate(ctx, input({ name: 'Sbagliato', purpose: 'newsletter', html: '<p>Con arrivo il {{arrivo}}: <a href="{{ linkPreventivo }}">vedi</a></p>' })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).kind).toBe('bad_request');
    expect((refused as AppError).message).toContain('{{arrivo}}, {{linkPreventivo}}');
    // A placeholder the newsletter does not know would reach every guest as written: refused, named.
    const typo = await createTemplate(ctx, input({ name: 'Refuso', purpose: 'newsletter', html: '<p>Ciao {{nomee}}, da {{ campeggio }} {{Nome}}</p>' })).catch((error: unknown) => error);
    expect(typo).toBeInstanceOf(AppError);
    expect((typo as AppError).kind).toBe('bad_request');
    expect((typo as AppError).message).toBe(
      'Segnaposto sconosciuti: {{nomee}}, {{Nome}}. In una newsletter si possono usare solo {{nome}}, {{cognome}}, {{nomeCompleto}}, {{campeggio}}, {{telefonoCampeggio}}, {{emailCampeggio}}, {{indirizzoCampeggio}}, {{linkDisiscrizione}}: correggili o toglili.',
    );
    await expectAppError(updateTemplate(ctx, news.id, { html: '<p>{{sconto}}</p>' }), 'bad_request');
    // Turning a quote template into a newsletter's is refused while it still needs a quote.
    await expectAppError(updateTemplate(ctx, quote.id, { purpose: 'newsletter' }), 'bad_request');
    await expectAppError(updateTemplate(ctx, news.id, { isReminder: true }), 'bad_request');
    expect(await reminderTemplate(ctx, IT)).toBeNull();
    // A copy is a newsletter template too.
    expect((await duplicateTemplate(ctx, news.id)).purpose).toBe('newsletter');
  });
});
