import type { QuoteProgress } from '../../lib/vocabulary/quote-progress';
import { addMs, between, currentMonthStart, days, earlier, hours, later } from './dates';
import type { Random } from './random';

export type ActorKind = 'staff' | 'guest' | 'system';
export type TimelineEvent = { from: QuoteProgress | null; to: QuoteProgress; at: Date; actor: ActorKind };

export type Timeline = {
  fromRequest: boolean;
  events: TimelineEvent[];
  validUntil: Date;
  reminderSentAt: Date | null;
};

const ACTORS: Record<QuoteProgress, ActorKind> = {
  richiesta: 'guest',
  bozza: 'staff',
  nuovo: 'staff',
  inviato: 'staff',
  letto: 'guest',
  accettato: 'guest',
  rifiutato: 'guest',
  convertito: 'staff',
  'non convertito': 'staff',
  scaduto: 'system',
};

/** How recent a quote in each progress is: share in the current month, else days ago. */
const AGE: Record<QuoteProgress, { thisMonth: number; minDays: number; maxDays: number }> = {
  richiesta: { thisMonth: 0.5, minDays: 0, maxDays: 45 },
  bozza: { thisMonth: 0.3, minDays: 0, maxDays: 60 },
  nuovo: { thisMonth: 0.3, minDays: 0, maxDays: 60 },
  inviato: { thisMonth: 0.2, minDays: 2, maxDays: 90 },
  letto: { thisMonth: 0.2, minDays: 2, maxDays: 120 },
  accettato: { thisMonth: 0.15, minDays: 5, maxDays: 180 },
  rifiutato: { thisMonth: 0.05, minDays: 10, maxDays: 365 },
  convertito: { thisMonth: 0.05, minDays: 10, maxDays: 365 },
  'non convertito': { thisMonth: 0, minDays: 30, maxDays: 365 },
  scaduto: { thisMonth: 0, minDays: 40, maxDays: 365 },
};

/** `thisMonth` forces the current month (the dashboard counts this month's requests). */
export function pickCreatedAt(random: Random, progress: QuoteProgress, now: Date, thisMonth = false): Date {
  const age = AGE[progress];
  if (random.chance(age.thisMonth) || thisMonth) return between(currentMonthStart(now), now, random.next());
  return between(addMs(now, -days(age.maxDays)), addMs(now, -days(age.minDays)), random.next());
}

/** The progress values a quote went through, in order, ending with its current one. */
function progressPath(random: Random, progress: QuoteProgress): { fromRequest: boolean; steps: QuoteProgress[] } {
  if (progress === 'richiesta') return { fromRequest: true, steps: ['richiesta'] };
  const fromRequest = random.chance(0.35);
  const start: QuoteProgress[] = fromRequest ? ['richiesta'] : [];
  if (progress === 'bozza') return { fromRequest, steps: [...start, 'bozza'] };
  const prepared: QuoteProgress[] = [...start, ...(!fromRequest && random.chance(0.3) ? (['bozza'] as const) : []), 'nuovo'];
  if (progress === 'nuovo') return { fromRequest, steps: prepared };
  const after: Record<Exclude<QuoteProgress, 'richiesta' | 'bozza' | 'nuovo'>, QuoteProgress[]> = {
    inviato: [],
    letto: ['letto'],
    accettato: ['letto', 'accettato'],
    rifiutato: ['letto', 'rifiutato'],
    convertito: ['letto', 'accettato', 'convertito'],
    'non convertito': ['letto', 'non convertito'],
    scaduto: random.chance(0.6) ? ['letto', 'scaduto'] : ['scaduto'],
  };
  return { fromRequest, steps: [...prepared, 'inviato', ...after[progress]] };
}

/** Spreads the steps after creation over at most `maxSpan`, never past `until`. */
function spreadSteps(random: Random, count: number, createdAt: Date, until: Date, maxSpanDays: number): Date[] {
  const span = Math.min(Math.max(0, until.getTime() - createdAt.getTime()), days(maxSpanDays)) * (0.5 + random.next() * 0.5);
  const weights = Array.from({ length: count }, (_, i) => (i === 0 ? 0 : 0.2 + random.next()));
  const total = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  let cumulative = 0;
  return weights.map((weight) => {
    cumulative += weight;
    return new Date(createdAt.getTime() + Math.floor((span * cumulative) / total));
  });
}

const ACTIVE: QuoteProgress[] = ['richiesta', 'bozza', 'nuovo', 'inviato', 'letto', 'accettato'];

/** A coherent history from creation to `progress`, with validity and reminder dates. */
export function planTimeline(random: Random, progress: QuoteProgress, createdAt: Date, now: Date): Timeline {
  const { fromRequest, steps } = progressPath(random, progress);
  const expires = progress === 'scaduto';
  const beforeExpiry = expires ? steps.slice(0, -1) : steps;
  const times = spreadSteps(random, beforeExpiry.length, createdAt, now, expires ? 10 : 25);
  const events: TimelineEvent[] = beforeExpiry.map((to, i) => ({ from: i === 0 ? null : (beforeExpiry[i - 1] ?? null), to, at: times[i] ?? createdAt, actor: ACTORS[to] }));
  const last = events[events.length - 1]?.at ?? createdAt;
  const sentAt = events.find((event) => event.to === 'inviato')?.at;
  const lastGuestAnswer = events.filter((event) => event.actor === 'guest' && event.to !== 'richiesta').pop()?.at;

  let validUntil = addMs(sentAt ?? createdAt, days(random.int(21, 45)));
  if (lastGuestAnswer) validUntil = later(validUntil, addMs(lastGuestAnswer, days(2)));
  if (ACTIVE.includes(progress)) validUntil = later(validUntil, addMs(now, days(random.int(5, 30))));
  if (expires) {
    validUntil = later(earlier(addMs(sentAt ?? createdAt, days(random.int(14, 30))), addMs(now, -days(1))), addMs(last, hours(1)));
    events.push({ from: steps[steps.length - 2] ?? null, to: 'scaduto', at: earlier(addMs(validUntil, hours(1)), now), actor: 'system' });
  }

  let reminderSentAt: Date | null = null;
  // A quote still 'inviato' days after sending has had its reminder: the reminder job would have
  // sent it, and a fresh demo must not start by reminding its whole history at once.
  if (sentAt && ['inviato', 'letto', 'scaduto', 'non convertito'].includes(progress) && (random.chance(0.5) || progress === 'inviato')) {
    const candidate = addMs(sentAt, days(3) + hours(9));
    const deadline = expires ? validUntil : (events.find((event) => event.to === 'non convertito')?.at ?? now);
    if (candidate < deadline && candidate < now) reminderSentAt = candidate;
  }
  return { fromRequest, events, validUntil, reminderSentAt };
}
