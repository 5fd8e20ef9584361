import type { CampaignEventKind } from '@/db/schema';
import type { LegacyCampaignStats } from '@/lib/legacy-api/shapes/campaign';

export type LinkFigure = { url: string; clicks: number; uniqueClicks: number };
export type SyntheticEvent = { id: string; kind: CampaignEventKind; url: string | null; providerMessageId: string };

/** The prefix of every event made by the import: a second run finds them by it and nothing else. */
export const importedEventId = (campaignId: string) => `imp-${campaignId}-`;

/**
 * The old system shows a newsletter's statistics only as figures (distinct recipients and totals
 * per kind, clicks per link), while ours are counted from events. So the figures become events:
 * recipient k is the key `import:{campaign}:{k}` (our statistics count distinct recipients by
 * contact, else by provider message id), the same recipients open, click and bounce, extra opens
 * and clicks go to the first recipient. The counts read back equal the old ones; the time of every
 * event is the newsletter's (the old figures carry none).
 */
export function syntheticEvents(campaignId: string, stats: LegacyCampaignStats, links: LinkFigure[]): SyntheticEvent[] {
  const events: SyntheticEvent[] = [];
  const prefix = importedEventId(campaignId);
  const recipient = (k: number) => `import:${campaignId}:${k}`;
  const made = new Map<CampaignEventKind, number>();
  const add = (kind: CampaignEventKind, k: number, url: string | null = null) => {
    const n = made.get(kind) ?? 0;
    made.set(kind, n + 1);
    events.push({ id: `${prefix}${kind}-${n}`, kind, url, providerMessageId: recipient(k) });
  };

  const distinctAndTotal = (kind: CampaignEventKind, distinct: number, total: number) => {
    for (let k = 0; k < distinct; k++) add(kind, k);
    if (distinct > 0) for (let extra = distinct; extra < total; extra++) add(kind, 0);
  };
  distinctAndTotal('delivered', stats.delivered, stats.delivered);
  distinctAndTotal('open', stats.opened, stats.opens);
  distinctAndTotal('bounce', stats.bounced, stats.bounced);
  distinctAndTotal('spam', stats.complained, stats.complained);
  distinctAndTotal('delayed', stats.delayed, stats.delayed);
  distinctAndTotal('unsub', stats.unsubscribed, stats.unsubscribed);

  // Clicks: each link's distinct clickers are consecutive recipients, wrapping over the clickers,
  // so every link keeps its own figures and together they cover the newsletter's clickers.
  const clickers = stats.clicked;
  let start = 0;
  let clicks = 0;
  if (clickers > 0) {
    for (const link of links) {
      const unique = Math.min(link.uniqueClicks, clickers);
      for (let k = 0; k < unique; k++) add('click', (start + k) % clickers, link.url);
      for (let extra = unique; extra < link.clicks; extra++) add('click', start % clickers, link.url);
      clicks += Math.max(link.clicks, unique);
      start += unique;
    }
    // Clickers no link accounts for (the old list of links stops at 100): clicks without a link.
    for (let k = start; k < clickers; k++, clicks++) add('click', k);
    for (; clicks < stats.clicks; clicks++) add('click', 0);
  }
  return events;
}
