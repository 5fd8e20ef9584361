import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, notifications, quoteProgressEvents, quoteRequests, quotes, rateLimits } from '@/db/schema';
import { endOfRomeDay } from '@/lib/date-filter';
import { listRequests } from '@/lib/quotes/requests';
import { DEFAULT_FORM_FIELDS } from '@/lib/vocabulary/request-fields';
import { clientFormOptions } from '@/components/guest/contact-form/client-options';
import { GUEST_LOCALES, type GuestLocale } from '@/lib/i18n/locales';
import { findPublicCampsite, loadFormOptions, resolveFormLanguage } from '@/lib/requests/form-options';
import { submitRequest, type SubmitOutcome } from '@/lib/requests/service';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { daysFromToday, guestClient, makeFormCampsite, unique, validValues } from '../helpers/public-form';
import { ctxFor, guestCtxFor } from '../helpers/ctx';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const GERMAN = { languageId: 3, locale: 'de' } as const;
const ITALIAN = { languageId: 1, locale: 'it' } as const;

type FormCampsite = Awaited<ReturnType<typeof makeFormCampsite>>;
const send = (target: FormCampsite, values: Record<string, unknown>, language: { languageId: number; locale: GuestLocale } = ITALIAN, client = guestClient()) =>
  submitRequest(guestCtxFor(db, target.campsite.id), target.platform, target.campsite, { values, language }, client);

async function requestsOf(campsiteId: string) {
  return db.select().from(quoteRequests).where(eq(quoteRequests.campingId, campsiteId));
}

function expectInvalid(outcome: SubmitOutcome): Record<string, string> {
  expect(outcome.ok).toBe(false);
  if (outcome.ok || outcome.reason !== 'invalid') throw new Error(`atteso un rifiuto per dati non validi: ${JSON.stringify(outcome)}`);
  return outcome.fieldErrors;
}

describe('submitRequest', () => {
  it('creates the contact, a quote in «richiesta» with its first event, the request and a notification', async () => {
    const target = await makeFormCampsite(db);
    const values = validValues();
    const outcome = await send(target, values, GERMAN);
    expect(outcome).toEqual({ ok: true, arrival: values.arrivo, departure: values.partenza, firstName: 'Hans' });

    const [contact] = await db.select().from(contacts).where(eq(contacts.campingId, target.campsite.id));
    expect(contact).toMatchObject({ firstName: 'Hans', lastName: 'Müller', email: values.email, phonePrefix: '+49', phone: '171 5550101', nationId: 2, languageId: 3, source: 'form', ownerId: null });

    const [quote] = await db.select().from(quotes).where(eq(quotes.campingId, target.campsite.id));
    expect(quote).toMatchObject({ contactId: contact.id, progress: 'richiesta', languageId: 3, ownerId: null });
    // The guest reads the title on the mini-site: a German request's is German (issue 27), an Italian one's Italian.
    expect(quote.name).toMatch(/^Anfrage vom \d{2}\.\d{2}\.\d{4}$/);
    expect(quote.validUntil?.getTime()).toBe(endOfRomeDay(daysFromToday(14)).getTime());

    const events = await db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.quoteId, quote.id));
    expect(events).toEqual([expect.objectContaining({ fromProgress: null, toProgress: 'richiesta', actorKind: 'guest', actorUserId: null })]);

    const [request] = await requestsOf(target.campsite.id);
    expect(request).toMatchObject({ quoteId: quote.id, contactId: contact.id, languageId: 3, arrival: values.arrivo, departure: values.partenza, message: values.messaggio });
    // The Italian keys the staff's preview and the quote editor read.
    expect(request.payload).toEqual({
      nome: 'Hans', cognome: 'Müller', email: values.email, telefono: '+49 171 5550101', nazione: 'Germania', lingua: 'de',
      arrivo: values.arrivo, partenza: values.partenza, tipologia: 'Casa mobile Classic', adulti: 2, bambini: 1, messaggio: values.messaggio, privacy: true,
    });

    const [notice] = await db.select().from(notifications).where(eq(notifications.campingId, target.campsite.id));
    expect(notice).toMatchObject({ group: 'richiesta', quoteId: quote.id, contactId: contact.id, readAt: null });
    expect(notice.description).toContain('Hans Müller ha chiesto un preventivo per 2 adulti e 1 bambino dal');
    // The staff find it among the open requests.
    const open = await listRequests(ctxFor(db, { campsiteId: target.campsite.id }), { scope: 'open' });
    expect(open.items.map((item) => [item.quoteId, item.contact.id])).toEqual([[quote.id, contact.id]]);
  });

  it('matches a request to the contact the campsite has (any case of the e-mail), and only fills what is missing', async () => {
    const target = await makeFormCampsite(db);
    const email = `Anna.Rossi-${unique()}@Example.it`;
    const [known] = await db.insert(contacts).values({ campingId: target.campsite.id, firstName: 'Anna', email, languageId: 1, notes: 'Cliente abituale' }).returning();

    const values = validValues({ email: email.toUpperCase(), nome: 'Annamaria', cognome: 'Rossi', prefisso: '+39', telefono: '333 1234567', nazione: '1', lingua: '2' });
    expect((await send(target, values)).ok).toBe(true);
    expect((await send(target, { ...values, email: email.toLowerCase(), telefono: '' })).ok).toBe(true);

    const all = await db.select().from(contacts).where(eq(contacts.campingId, target.campsite.id));
    expect(all).toHaveLength(1);
    // The name and language the campsite already had stay; the missing surname, phone and nation come in.
    expect(all[0]).toMatchObject({ id: known.id, firstName: 'Anna', lastName: 'Rossi', email, phonePrefix: '+39', phone: '333 1234567', nationId: 1, languageId: 1, notes: 'Cliente abituale', source: 'staff' });
    // The second request found nothing missing: the record was not touched again.
    expect(all[0].version).toBe(known.version + 1);
    const requests = await requestsOf(target.campsite.id);
    expect(requests.map((request) => request.contactId)).toEqual([known.id, known.id]);
  });

  it('never changes what the campsite knows of a guest: an anonymous request keeps its own values', async () => {
    const target = await makeFormCampsite(db);
    const email = `noto-${unique()}@example.it`;
    const [known] = await db
      .insert(contacts)
      .values({ campingId: target.campsite.id, firstName: 'Giulia', lastName: 'Bianchi', email, phonePrefix: '+39', phone: '347 1112233', nationId: 1, languageId: 1 })
      .returning();
    // Anyone can type a guest's address: here with a bogus phone, another nation and language.
    const values = validValues({ email, nome: 'Falso', cognome: 'Nome', prefisso: '+49', telefono: '000', nazione: '2', lingua: '3' });
    expect((await send(target, values)).ok).toBe(true);
    const [after] = await db.select().from(contacts).where(eq(contacts.id, known.id));
    expect(after).toEqual(known);
    // What was typed is on the request, for the staff to apply if it is really the guest.
    const [request] = await requestsOf(target.campsite.id);
    expect(request.contactId).toBe(known.id);
    expect(request.payload).toMatchObject({ nome: 'Falso', cognome: 'Nome', telefono: '+49 000' });
  });

  it('never touches a contact of another campsite with the same e-mail', async () => {
    const email = `condiviso-${unique()}@example.it`;
    const other = await makeFormCampsite(db);
    await send(other, validValues({ email }));
    const target = await makeFormCampsite(db);
    await send(target, validValues({ email, nome: 'Altro' }));
    const [theirs] = await db.select().from(contacts).where(eq(contacts.campingId, other.campsite.id));
    expect(theirs.firstName).toBe('Hans');
    expect(await db.select().from(contacts).where(eq(contacts.campingId, target.campsite.id))).toMatchObject([{ firstName: 'Altro', source: 'form' }]);
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const target = await makeFormCampsite(db);
    const client = guestClient();
    expect((await send(target, validValues({ website: 'https://spam.example' }), GERMAN, client)).ok).toBe(true);
    for (const table of [contacts, quotes, notifications]) expect(await db.select().from(table).where(eq(table.campingId, target.campsite.id))).toEqual([]);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, `contact-form:address:${client.ip}`))).toEqual([]);
  });

  it('refuses the sixth request from one address within ten minutes, in the guest’s language', async () => {
    const target = await makeFormCampsite(db);
    const client = guestClient();
    for (let n = 0; n < 5; n++) expect((await send(target, validValues(), GERMAN, client)).ok).toBe(true);
    const refused = await send(target, validValues(), GERMAN, client);
    expect(refused).toMatchObject({ ok: false, reason: 'rate_limited', message: expect.stringContaining('Sie haben in kurzer Zeit mehrere Anfragen gesendet') });
    expect(await requestsOf(target.campsite.id)).toHaveLength(5);
  });

  it('refuses the sixth request for one e-mail within an hour, even from different addresses', async () => {
    const target = await makeFormCampsite(db);
    const email = `ripetuto-${unique()}@example.it`;
    for (let n = 0; n < 5; n++) await send(target, validValues({ email }));
    const refused = await send(target, validValues({ email }));
    expect(refused).toMatchObject({ ok: false, reason: 'rate_limited', message: expect.stringContaining('Hai inviato diverse richieste in poco tempo') });
  });

  it('answers every wrong field in German on a German form and stores nothing', async () => {
    const target = await makeFormCampsite(db);
    const values = validValues({ nome: '', email: 'keine-adresse', arrivo: daysFromToday(-1), adulti: 0, bambini: 25, nazione: '999', privacy: false, messaggio: 'x'.repeat(2001) });
    const errors = expectInvalid(await send(target, values, GERMAN));
    expect(errors).toEqual({
      nome: 'Bitte füllen Sie dieses Feld aus.',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
      nazione: 'Bitte wählen Sie eine der angebotenen Optionen.',
      arrivo: 'Das Anreisedatum darf nicht in der Vergangenheit liegen.',
      adulti: 'Mindestens ein Erwachsener muss mitreisen.',
      bambini: 'Bitte geben Sie eine ganze Zahl von 0 bis 20 ein.',
      messaggio: 'Bitte verwenden Sie höchstens 2000 Zeichen.',
      privacy: 'Bitte erteilen Sie Ihre Einwilligung, damit der Campingplatz Ihnen antworten kann.',
    });
    expect(await requestsOf(target.campsite.id)).toEqual([]);
  });

  it('checks the stay: departure after arrival, at most 60 nights, real dates (also typed dd/mm/yyyy)', async () => {
    const target = await makeFormCampsite(db);
    const submit = (values: Record<string, unknown>) => send(target, validValues(values));
    expect(expectInvalid(await submit({ partenza: daysFromToday(30) })).partenza).toBe('La partenza deve essere almeno un giorno dopo l’arrivo.');
    expect(expectInvalid(await submit({ partenza: daysFromToday(91) })).partenza).toContain('al massimo 60 notti');
    expect(expectInvalid(await submit({ arrivo: '31/02/2027' })).arrivo).toBe('Inserisci una data nel formato gg/mm/aaaa.');
    expect(expectInvalid(await submit({ arrivo: '' })).arrivo).toBe('Compila questo campo.');
    const [year, month, day] = daysFromToday(10).split('-');
    expect(await submit({ arrivo: `${day}/${month}/${year}`, partenza: daysFromToday(70) })).toMatchObject({ ok: true, arrival: daysFromToday(10) });
  });

  it('ignores a field the campsite hid, and lets an optional one stay empty', async () => {
    const fields = DEFAULT_FORM_FIELDS.map((field) => (field.field === 'tipologia' || field.field === 'telefono' ? { ...field, visible: false } : { ...field, required: field.field === 'email' }));
    const target = await makeFormCampsite(db, fields);
    const values = validValues({ tipologia: 'non-esiste', telefono: 'abc', nome: '', cognome: '', adulti: '', partenza: '', privacy: true });
    expect((await send(target, values)).ok).toBe(true);
    const [request] = await requestsOf(target.campsite.id);
    expect(Object.keys(request.payload).filter((key) => ['tipologia', 'telefono', 'nome'].includes(key))).toEqual([]);
    const [contact] = await db.select().from(contacts).where(eq(contacts.campingId, target.campsite.id));
    expect(contact).toMatchObject({ phone: null, firstName: '' });
  });

  it('always asks for the e-mail, even when the settings hide it', async () => {
    const fields = DEFAULT_FORM_FIELDS.map((field) => (field.field === 'email' ? { ...field, visible: false, required: false } : field));
    const target = await makeFormCampsite(db, fields);
    const errors = expectInvalid(await send(target, validValues({ email: '' })));
    expect(errors.email).toBe('Compila questo campo.');
  });
});

describe('the form’s campsite and language', () => {
  it('finds a campsite by its id only, without its secrets; an unknown id is refused', async () => {
    const { campsite } = await makeFormCampsite(db);
    const found = await findPublicCampsite(db, campsite.id);
    expect(found).toMatchObject({ id: campsite.id, name: campsite.name });
    expect(JSON.stringify(found)).not.toMatch(new RegExp(`${campsite.mailjetSecret}|${campsite.mailjetApiKey}`));
    expect(await findPublicCampsite(db, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(await findPublicCampsite(db, "x' or 1=1 --")).toBeNull();
  });

  it('old numbers: Italian for 1, German for 3, English for anything else; a code opens its language; the first language when none is given', async () => {
    const { campsite } = await makeFormCampsite(db);
    const resolved = await Promise.all(['1', '3', '4', '5', 'abc', 'nl', 'fr', undefined].map((idLingua) => resolveFormLanguage(guestCtxFor(db, campsite.id), idLingua)));
    // Number 4 (French) and 5 (Dutch) are old links: English page, but the guest's language is kept.
    expect(resolved.map((language) => `${language.languageId}:${language.locale}`)).toEqual(['1:it', '3:de', '4:en', '5:en', '2:en', '5:nl', '4:fr', '1:it']);
    const bare = await makeCampsite(db);
    expect(await resolveFormLanguage(guestCtxFor(db, bare.id), undefined)).toEqual({ languageId: 1, locale: 'it' });
  });

  it('offers the campsite’s languages in its order, all its typologies and the ages of the platform’s guests', async () => {
    const { campsite, platform } = await makeFormCampsite(db);
    const options = await loadFormOptions(guestCtxFor(db, campsite.id), platform, campsite);
    expect(options.languages.map((language) => [language.code, language.phonePrefix])).toEqual([['it', '+39'], ['de', '+49'], ['en', '+44']]);
    // Issue 27: a request may ask for any accommodation, not only those the platform sells online (the lake-view pitch).
    expect(options.typologies.map((typology) => typology.id)).toEqual(['LA-PZ-STD', 'LA-PZ-LAGO', 'LA-MH-CLASSIC', 'LA-MH-FAMILY', 'LA-BG-OLIVO', 'LA-GL-SAFARI']);
    expect(options.ages).toEqual({ adultsFrom: 12, children: { from: 0, to: 11 } });
    expect(options.nations.find((nation) => nation.isoCode === 'DE')).toMatchObject({ phonePrefix: '+49' });
    expect(options.fields.map((field) => field.field)).toEqual(DEFAULT_FORM_FIELDS.map((field) => field.field));
    // The French page offers French too, with its own prefix; a listed language is not repeated.
    const french = await loadFormOptions(guestCtxFor(db, campsite.id), platform, campsite, 4);
    expect(french.languages.map((language) => [language.code, language.phonePrefix])).toEqual([['it', '+39'], ['de', '+49'], ['en', '+44'], ['fr', '+33']]);
    expect((await loadFormOptions(guestCtxFor(db, campsite.id), platform, campsite, 3)).languages).toHaveLength(3);
  });
});

describe('the accommodation list of the contact form (issue 27)', () => {
  const ITALIAN_NAMES = ['Piazzola standard', 'Piazzola vista lago', 'Casa mobile Classic', 'Casa mobile Family', 'Tenda Safari Lodge'];
  const LABELS: Record<GuestLocale, string[]> = {
    it: ['Piazzola standard', 'Piazzola vista lago', 'Casa mobile Classic', 'Casa mobile Family', 'Bungalow Olivo', 'Tenda Safari Lodge'],
    de: ['Stellplatz Standard', 'Stellplatz mit Seeblick', 'Mobilheim Classic', 'Mobilheim Family', 'Bungalow Olivo', 'Safari-Lodge-Zelt'],
    en: ['Standard pitch', 'Lake-view pitch', 'Mobile home Classic', 'Mobile home Family', 'Bungalow Olivo', 'Safari lodge tent'],
    nl: ['Standaard kampeerplaats', 'Kampeerplaats met uitzicht op het meer', 'Stacaravan Classic', 'Stacaravan Family', 'Bungalow Olivo', 'Safari-lodgetent'],
    fr: ['Emplacement standard', 'Emplacement vue sur le lac', 'Mobil-home Classic', 'Mobil-home Family', 'Bungalow Olivo', 'Tente Safari Lodge'],
  };
  const LANGUAGE_IDS: Record<GuestLocale, number> = { it: 1, en: 2, de: 3, fr: 4, nl: 5 };

  it('names every accommodation in the page’s language, the lake-view pitch included', async () => {
    const { campsite, platform } = await makeFormCampsite(db);
    for (const locale of GUEST_LOCALES) {
      const options = await loadFormOptions(guestCtxFor(db, campsite.id), platform, campsite, LANGUAGE_IDS[locale]);
      const labels = clientFormOptions(options, campsite, locale).typologies.map((choice) => choice.label);
      expect(labels, locale).toEqual(LABELS[locale]);
      if (locale !== 'it') expect(labels.filter((label) => ITALIAN_NAMES.includes(label)), locale).toEqual([]);
    }
  });

  it('titles an Italian guest’s request in Italian', async () => {
    const target = await makeFormCampsite(db);
    expect((await send(target, validValues({ lingua: '1' }))).ok).toBe(true);
    const [quote] = await db.select().from(quotes).where(eq(quotes.campingId, target.campsite.id));
    expect(quote.name).toMatch(/^Richiesta del \d{2}\/\d{2}\/\d{4}$/);
  });

  it('keeps the Italian name for the staff, and takes the guest’s word or the Italian one from an old integration', async () => {
    const target = await makeFormCampsite(db);
    const byDutchName = await send(target, validValues({ tipologia: 'Kampeerplaats met uitzicht op het meer' }), { languageId: 5, locale: 'nl' });
    expect(byDutchName.ok).toBe(true);
    const byItalianName = await send(target, validValues({ tipologia: 'piazzola vista lago' }));
    expect(byItalianName.ok).toBe(true);
    const stored = await requestsOf(target.campsite.id);
    expect(stored.map((request) => (request.payload as Record<string, unknown>).tipologia)).toEqual(['Piazzola vista lago', 'Piazzola vista lago']);
  });
});
