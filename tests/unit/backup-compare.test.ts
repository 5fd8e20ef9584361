import { describe, expect, it } from 'vitest';
import { countDifferences, euroAmounts, visibleText, type Counts } from '@/scripts/backup/compare';

const counts = (entries: Record<string, Record<string, number>>): Counts => new Map(Object.entries(entries).map(([table, byCampsite]) => [table, new Map(Object.entries(byCampsite))]));

describe('backup check: comparing the original database with the restored one', () => {
  it('reports every table and campsite whose rows differ, and a table or campsite missing on one side', () => {
    const original = counts({ 'public.contacts': { '*': 5, a: 3, b: 2 }, 'public.quotes': { '*': 4, a: 4 }, 'public.hours': { '*': 0 } });
    const restored = counts({ 'public.contacts': { '*': 4, a: 3, b: 1 }, 'public.quotes': { '*': 4, a: 4 } });
    expect(countDifferences(original, restored)).toEqual([
      { table: 'public.contacts', campsite: '*', original: 5, restored: 4 },
      { table: 'public.contacts', campsite: 'b', original: 2, restored: 1 },
      { table: 'public.hours', campsite: '*', original: 0, restored: 0 },
    ]);
    expect(countDifferences(original, original)).toEqual([]);
  });

  it('compares what the guest reads, not the nonces and payload that change at every render', () => {
    const render = (nonce: string, total: string) =>
      `<html><head><style nonce="${nonce}">a{}</style></head><body><h1>Preventivo&nbsp;per Rossi</h1>\n<p>Totale: <b>${total}</b> &amp; tasse</p><script nonce="${nonce}">self.__next_f.push([1,"${nonce}"])</script></body></html>`;
    expect(visibleText(render('n1', '€ 1.234,50'))).toBe('Preventivo per Rossi Totale: € 1.234,50 & tasse');
    expect(visibleText(render('n1', '€ 1.234,50'))).toBe(visibleText(render('n2', '€ 1.234,50')));
    expect(visibleText(render('n1', '€ 1.234,50'))).not.toBe(visibleText(render('n1', '€ 1.234,00')));
    expect(euroAmounts('Totale € 1.234,50, acconto 300,00 €')).toEqual(['€ 1.234,50', '300,00 €']);
    expect(euroAmounts('Total €1,105.00 per 7 nights, deposit €95.00')).toEqual(['€1,105.00', '€95.00']);
  });
});
