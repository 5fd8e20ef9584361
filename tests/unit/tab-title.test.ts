import { describe, expect, it } from 'vitest';
import { plainTitle, tabTitle } from '@/lib/notifications/tab-title';

describe('the tab title', () => {
  it('puts the count, and the warning while something waits, before the page’s title', () => {
    expect(tabTitle('Clienti · CRM Campeggi', 11, 2)).toBe('(11) ⚠ Clienti · CRM Campeggi');
    expect(tabTitle('Clienti · CRM Campeggi', 3, 0)).toBe('(3) Clienti · CRM Campeggi');
    expect(tabTitle('Clienti · CRM Campeggi', 0, 0)).toBe('Clienti · CRM Campeggi');
  });

  it('never stacks a second prefix, whatever the title had', () => {
    const once = tabTitle('Dashboard · CRM Campeggi', 11, 1);
    expect(tabTitle(once, 11, 1)).toBe(once);
    expect(tabTitle('(11) ⚠ (11) ⚠ Dashboard · CRM Campeggi', 12, 0)).toBe('(12) Dashboard · CRM Campeggi');
    expect(tabTitle('(4) ⚠ Dashboard · CRM Campeggi', 0, 0)).toBe('Dashboard · CRM Campeggi');
  });

  it('never doubles the warning when the browser gives the title back trimmed (a moment without a page title, right after login)', () => {
    // document.title trims and collapses spaces: what the watcher reads back is not what it wrote.
    const asBrowserReads = (title: string) => title.replace(/\s+/g, ' ').trim();
    let title = tabTitle('', 13, 2);
    for (let round = 0; round < 3; round += 1) title = asBrowserReads(tabTitle(asBrowserReads(title), 13, 2));
    expect(title).toBe('(13) ⚠');
    expect(tabTitle('(13) ⚠', 13, 2)).toBe('(13) ⚠ ');
    expect(tabTitle('(13) ⚠ ⚠', 13, 2)).toBe('(13) ⚠ ');
    expect(tabTitle('(13)⚠Dashboard · CRM Campeggi', 13, 2)).toBe('(13) ⚠ Dashboard · CRM Campeggi');
  });

  it('leaves a title without a prefix alone', () => {
    expect(plainTitle('Preventivo (bozza) · CRM Campeggi')).toBe('Preventivo (bozza) · CRM Campeggi');
  });
});
