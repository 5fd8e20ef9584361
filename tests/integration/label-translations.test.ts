import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { labelSettingsRows } from '@/lib/label-translations/settings-rows';
import { labelTableOf, listLabelTranslations, saveLabelTranslations } from '@/lib/label-translations/service';
import { buildGuestQuoteView } from '@/lib/public-quotes/view';
import { createQuote } from '@/lib/quotes/service';
import { CONTROL_CHARACTERS_MESSAGE } from '@/lib/validation/zod-safe';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const OFFER = 'Prenota prima −10%';

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a refusal');
}

describe('the campsite’s translations for the guests', () => {
  it('belong to one campsite: another campsite does not read them', async () => {
    const mine = await makeQuotesAccount(db);
    const theirs = await makeQuotesAccount(db);
    await saveLabelTranslations(ctxFor(db, mine.tenant), { campsiteId: mine.campsite.id, entries: [{ source: OFFER, names: { de: 'Frühbucher', en: 'Early bird' } }] });
    expect(await listLabelTranslations(jobCtxFor(db, mine.campsite.id), mine.campsite.id)).toEqual([{ source: OFFER, names: { de: 'Frühbucher', en: 'Early bird' } }]);
    expect(await listLabelTranslations(jobCtxFor(db, theirs.campsite.id), theirs.campsite.id)).toEqual([]);
    expect((await labelTableOf(jobCtxFor(db, theirs.campsite.id))).size).toBe(0);
  });

  it('drops empty words and forgets a label left with none', async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    await saveLabelTranslations(ctxFor(db, tenant), { campsiteId: campsite.id, entries: [{ source: 'Gatto', names: { de: ' Katze ', fr: '' } }] });
    expect(await listLabelTranslations(jobCtxFor(db, campsite.id), campsite.id)).toEqual([{ source: 'Gatto', names: { de: 'Katze' } }]);
    await saveLabelTranslations(ctxFor(db, tenant), { campsiteId: campsite.id, entries: [{ source: 'Gatto', names: { de: '', en: '  ' } }] });
    expect(await listLabelTranslations(jobCtxFor(db, campsite.id), campsite.id)).toEqual([]);
  });

  it('refuses control characters, overlong words and a missing Italian label, saving nothing', async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    const save = (entries: Parameters<typeof saveLabelTranslations>[1]['entries']) => () => saveLabelTranslations(ctxFor(db, tenant), { campsiteId: campsite.id, entries });
    expect(await refusal(save([{ source: 'Cane', names: { de: 'Hund\u0000' } }]))).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(await refusal(save([{ source: 'Cane\u0007', names: { de: 'Hund' } }]))).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(await refusal(save([{ source: 'Cane', names: { de: 'H'.repeat(201) } }]))).toContain('200');
    expect(await refusal(save([{ source: ' ', names: { de: 'Hund' } }]))).toContain('Manca il testo italiano');
    expect(await listLabelTranslations(jobCtxFor(db, campsite.id), campsite.id)).toEqual([]);
  });

  it('words a new quote for the guest; a quote priced before keeps its words when the table changes', async () => {
    const { campsite, tenant, platform } = await makeQuotesAccount(db);
    const guest = await makeGuest(db, tenant, { firstName: 'Anna', lastName: 'Müller', languageId: 3 });
    const card = { ...PITCH_CARD, offerId: 'PRENOTA-PRIMA-2027' };
    const make = () => createQuote(ctxFor(db, tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [card] }), platform);
    const offerOf = async (quoteId: string) => (await buildGuestQuoteView(guestCtxFor(db, campsite.id), { quoteId, contactId: guest.id }))?.cards[0];

    const untranslated = await make();
    expect((await offerOf(untranslated.id))?.offerName).toBe(OFFER);
    await saveLabelTranslations(ctxFor(db, tenant), { campsiteId: campsite.id, entries: [{ source: OFFER, names: { de: 'Frühbucher −10 %' } }] });
    const first = await make();
    await saveLabelTranslations(ctxFor(db, tenant), { campsiteId: campsite.id, entries: [{ source: OFFER, names: { de: 'Frühbucherrabatt' } }] });
    const second = await make();

    expect((await offerOf(first.id))?.offerName).toBe('Frühbucher −10 %');
    expect((await offerOf(second.id))?.offerName).toBe('Frühbucherrabatt');
    expect((await offerOf(untranslated.id))?.offerName).toBe(OFFER);
    // The platform's own names come with the card as well: no Italian on the German page.
    const view = await offerOf(second.id);
    expect(view?.typologyName).toBe('Stellplatz Standard');
    expect(view?.people.map((person) => person.label)).toEqual(['Erwachsener', 'Kind (3–11 Jahre)', 'Kleinkind (0–2 Jahre)']);
    expect(view?.extras.map((item) => item.label)).toEqual(['Pkw', 'Hund', 'Stromanschluss']);
  });

  it('lists the catalogue’s labels for the settings, the ones no one translates marked by language', async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    await saveLabelTranslations(ctxFor(db, tenant), { campsiteId: campsite.id, entries: [{ source: OFFER, names: { de: 'Frühbucher' } }, { source: 'Vecchia offerta', names: { en: 'Old offer' } }] });
    const { rows, unreachable } = await labelSettingsRows(ctxFor(db, tenant), { campsiteId: campsite.id, platformCampId: campsite.platformCampId });
    expect(unreachable).toBe(false);
    expect(rows.find((row) => row.source === 'Cane')).toMatchObject({ group: 'service', platformNames: { de: 'Hund', en: 'Dog', nl: 'Hond', fr: 'Chien' }, names: {} });
    expect(rows.find((row) => row.source === OFFER)).toMatchObject({ group: 'offer', platformNames: {}, names: { de: 'Frühbucher' } });
    expect(rows.find((row) => row.source === 'Vecchia offerta')).toMatchObject({ group: 'other', names: { en: 'Old offer' } });
    // What the staff can still word comes before what the platform names in every language.
    expect(rows.findIndex((row) => row.source === OFFER)).toBeLessThan(rows.findIndex((row) => row.source === 'Cane'));
  });
});
