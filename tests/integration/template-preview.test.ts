import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, quoteCards, quotes } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { fillPlaceholders } from '@/lib/templates/placeholders';
import { latestQuoteIdOf, placeholderValuesFor } from '@/lib/templates/preview';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';

const ORIGIN = 'https://crm.example.test/';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

describe('placeholderValuesFor', () => {
  it('fills the guest, the quote (link, first card’s dates, validity) and the campsite', async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    await db
      .update(campsites)
      .set({ name: 'Camping <Lago>', contacts: { phone: '+39 0461 123456', whatsapp: '', email: 'info@lago.test', address: 'Via del Lago 1', policyLink: '' } })
      .where(eq(campsites.id, campsite.id));
    const guest = await makeGuest(db, tenant, { firstName: 'Anna', lastName: 'O’Neil' });
    const [older] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, name: 'Vecchio', createdAt: new Date('2026-01-01T10:00:00Z') }).returning();
    const [quote] = await db
      .insert(quotes)
      .values({ campingId: campsite.id, contactId: guest.id, name: 'Estate 2027', validUntil: new Date('2027-05-31T22:30:00Z') })
      .returning();
    await db.insert(quoteCards).values([
      { campingId: campsite.id, quoteId: quote.id, idx: 1, arrival: '2027-07-10', departure: '2027-07-17' },
      { campingId: campsite.id, quoteId: quote.id, idx: 0, arrival: '2027-06-28', departure: '2027-07-03' },
    ]);

    expect(await latestQuoteIdOf(ctxFor(db, { campsiteId: campsite.id }), guest.id)).toBe(quote.id);
    expect(older.id).not.toBe(quote.id);
    const values = await placeholderValuesFor(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id, quoteId: quote.id }, ORIGIN);
    expect(values).toEqual({
      nome: 'Anna',
      cognome: 'O’Neil',
      nomeCompleto: 'Anna O’Neil',
      campeggio: 'Camping <Lago>',
      telefonoCampeggio: '+39 0461 123456',
      emailCampeggio: 'info@lago.test',
      indirizzoCampeggio: 'Via del Lago 1',
      linkPreventivo: `https://crm.example.test/visualizzaPreventivo/${guest.id}/${quote.id}/${campsite.id}`,
      nomePreventivo: 'Estate 2027',
      arrivo: '28/06/2027',
      partenza: '03/07/2027',
      // 22:30 UTC on 31 May is already 1 June in Rome.
      validita: '01/06/2027',
      // The stay's (issue 32): the first offer's five nights, the default hours; no survey, no review link yet.
      notti: '5',
      alloggio: '',
      piazzola: '',
      ospiti: '',
      orarioCheckin: '10:00–13:30',
      orarioCheckout: '16:00–19:30',
      orariCampeggio: '',
      linkSondaggio: '',
      linkRecensione: '',
    });
    expect(fillPlaceholders('<p>{{campeggio}}: {{arrivo}}</p>', values)).toBe('<p>Camping &lt;Lago&gt;: 28/06/2027</p>');
  });

  it('without a quote leaves link and dates empty; refuses another guest’s quote and another campsite’s guest', async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    const guest = await makeGuest(db, tenant, { firstName: 'Hans', lastName: '' });
    const other = await makeGuest(db, tenant);
    const [theirs] = await db.insert(quotes).values({ campingId: campsite.id, contactId: other.id }).returning();
    const values = await placeholderValuesFor(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id }, ORIGIN);
    expect(values).toMatchObject({ nome: 'Hans', nomeCompleto: 'Hans', campeggio: campsite.name, telefonoCampeggio: '' });
    expect(values.linkPreventivo).toBeUndefined();
    expect(fillPlaceholders('[{{linkPreventivo}}]', values)).toBe('[]');
    await expect(placeholderValuesFor(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id, quoteId: theirs.id }, ORIGIN)).rejects.toBeInstanceOf(AppError);
    const stranger = await makeQuotesAccount(db);
    await expect(placeholderValuesFor(ctxFor(db, { campsiteId: stranger.campsite.id }), { contactId: guest.id }, ORIGIN)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
