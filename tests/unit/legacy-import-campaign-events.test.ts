import { describe, expect, it } from 'vitest';
import { summarize } from '@/lib/campaigns/stats';
import { syntheticEvents, type LinkFigure } from '@/lib/legacy-import/kinds/campaign-events';
import type { LegacyCampaignStats } from '@/lib/legacy-api/shapes/campaign';

const figures = (over: Partial<LegacyCampaignStats>): LegacyCampaignStats => ({
  custCamp: 'c1',
  sent: 0,
  delivered: 0,
  opened: 0,
  opens: 0,
  clicked: 0,
  clicks: 0,
  bounced: 0,
  complained: 0,
  delayed: 0,
  unsubscribed: 0,
  rates: { delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0, unsubscribed: 0 },
  ...over,
});

/** The statistics our own code computes from the events, as the legacy call shows them. */
function readBack(stats: LegacyCampaignStats, links: LinkFigure[]) {
  const events = syntheticEvents('c1', stats, links);
  const kinds = new Map<string, { total: number; recipients: number }>();
  const recipients = new Map<string, Set<string>>();
  for (const event of events) {
    const entry = kinds.get(event.kind) ?? { total: 0, recipients: 0 };
    entry.total++;
    const seen = recipients.get(event.kind) ?? new Set();
    seen.add(event.providerMessageId);
    recipients.set(event.kind, seen);
    entry.recipients = seen.size;
    kinds.set(event.kind, entry);
  }
  const perLink = new Map<string, { clicks: number; recipients: Set<string> }>();
  for (const event of events.filter((e) => e.kind === 'click' && e.url !== null)) {
    const link = perLink.get(event.url!) ?? { clicks: 0, recipients: new Set() };
    link.clicks++;
    link.recipients.add(event.providerMessageId);
    perLink.set(event.url!, link);
  }
  const { campaignId, ...summary } = summarize('c1', stats.sent, kinds);
  return {
    stats: { custCamp: campaignId, ...summary },
    links: [...perLink].map(([url, link]) => ({ url, clicks: link.clicks, uniqueClicks: link.recipients.size })),
    ids: new Set(events.map((event) => event.id)).size === events.length,
  };
}

describe('an old newsletter’s figures become events our statistics count back to the same figures', () => {
  it('distinct recipients and totals of every kind, and each link’s clicks', () => {
    const stats = figures({ sent: 120, delivered: 110, opened: 60, opens: 95, clicked: 25, clicks: 41, bounced: 10, complained: 1, delayed: 3, unsubscribed: 2 });
    const links = [
      { url: 'https://example.test/offerte', clicks: 30, uniqueClicks: 20 },
      { url: 'https://example.test/mappa', clicks: 11, uniqueClicks: 9 },
    ];
    const back = readBack(stats, links);
    expect(back.ids).toBe(true);
    expect(back.links).toEqual(links);
    const { rates: _rates, ...wanted } = stats;
    expect(back.stats).toMatchObject(wanted);
  });

  it('clickers no link accounts for (the old list stops at 100 links) still count, without a link', () => {
    const back = readBack(figures({ delivered: 10, clicked: 5, clicks: 9 }), [{ url: 'https://example.test/a', clicks: 2, uniqueClicks: 2 }]);
    expect(back.stats).toMatchObject({ clicked: 5, clicks: 9 });
    expect(back.links).toEqual([{ url: 'https://example.test/a', clicks: 2, uniqueClicks: 2 }]);
  });

  it('a newsletter nobody received makes no events', () => {
    expect(syntheticEvents('c1', figures({ sent: 0 }), [])).toEqual([]);
  });
});
