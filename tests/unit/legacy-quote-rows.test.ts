import { describe, expect, it } from 'vitest';
import { cardRows, historyRows, problemOf, type LegacyQuote } from '@/lib/legacy-import/kinds/quote-rows';

const card = (idx: number, over: Partial<LegacyQuote['schede'][number]> = {}): LegacyQuote['schede'][number] => ({
  _id: `scheda${idx}`,
  idx,
  tipologia: 'PZ',
  nomeTipologia: 'Piazzola',
  arrivo: '2027-07-01',
  partenza: '2027-07-08',
  persone: [{ id: 'AD', nome: 'Adulti', quantita: 2 }],
  mezzi: [],
  servizi: [],
  listino: null,
  offerta: null,
  nomeOfferta: null,
  righe: [{ tipo: 'unit', descrizione: 'Piazzola', quantita: 7, prezzoUnitario: 33.3, totale: 233.1 }],
  subtotale: 233.1,
  sconto: 0,
  scontoPercentuale: 12.5,
  scontoApplicato: 29.14,
  scontoSoloSuUnita: false,
  totale: 203.96,
  testo: '',
  immagini: [],
  ...over,
});

const quote = (over: Partial<LegacyQuote> = {}): LegacyQuote => ({
  _id: '65a1b2c3d4e5f60718293a4b',
  name: 'Estate',
  contact: '65a1b2c3d4e5f60718293a4c',
  owner: null,
  camping: '65a1b2c3d4e5f60718293a4d',
  date_creation: '2026-03-01T10:00:00.000Z',
  __v: 2,
  progress: 'letto',
  lingua: 1,
  scadenza: '2026-04-01T21:59:59.000Z',
  tags: [],
  inviato: '2026-03-02T09:00:00.000Z',
  letto: '2026-03-03T18:30:00.000Z',
  accettata: null,
  dataAccettazione: null,
  motivoRifiuto: null,
  risorse: [],
  annoPratica: null,
  numeroPratica: null,
  schede: [card(0)],
  ...over,
});

describe('an old quote as rows here', () => {
  it('keeps every amount to the cent, as the mini-site shows it', () => {
    const [row] = cardRows(quote(), 'q', 'c', (id) => id);
    expect(row).toMatchObject({ subtotalCents: 23_310, totalCents: 20_396, discountBasisPoints: 1250, discountCents: 0 });
    expect(row.priceLines).toEqual([{ kind: 'unit', label: 'Piazzola', quantity: 7, unitCents: 3330, totalCents: 23_310 }]);
  });

  it('skips with a reason a date PostgreSQL would refuse, rather than failing its page', () => {
    expect(problemOf(quote())).toBeNull();
    expect(problemOf(quote({ schede: [card(0, { arrivo: '2027-02-30' })] }))).toMatch(/^schede\.0: data di arrivo o partenza non valida/);
    expect(problemOf(quote({ inviato: 'ieri' }))).toBe('inviato: data non valida (ieri)');
    expect(problemOf(quote({ schede: [card(0), card(0)] }))).toBe('schede: due schede alla posizione 0');
  });

  it('tells the history the old dates show: created, sent, read', () => {
    expect(historyRows(quote(), 'q', 'c').map((event) => [event.fromProgress, event.toProgress, event.at?.toISOString()])).toEqual([
      [null, 'nuovo', '2026-03-01T10:00:00.000Z'],
      ['nuovo', 'inviato', '2026-03-02T09:00:00.000Z'],
      ['inviato', 'letto', '2026-03-03T18:30:00.000Z'],
    ]);
    expect(historyRows(quote({ progress: 'bozza', inviato: null, letto: null }), 'q', 'c').map((event) => event.toProgress)).toEqual(['bozza']);
  });
});
