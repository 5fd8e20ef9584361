import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { EXPIRABLE } from '@/lib/quotes/expiry';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/vocabulary/quote-progress';
import {
  BOOKABLE,
  GUEST_PROGRESS_RANK,
  LOCKED_CONTENT,
  TRANSITIONS,
  assertEditable,
  assertTransition,
  canTransition,
  type Actor,
} from '@/lib/quotes/state-machine';

const ACTORS: Actor[] = ['staff', 'guest', 'system', 'platform'];

/** Every (from, to, actors) the table allows. */
const moves = QUOTE_PROGRESS.flatMap((from) =>
  Object.entries(TRANSITIONS[from]).map(([to, actors]) => ({ from, to: to as QuoteProgress, actors: actors ?? [] })),
);

function thrown(action: () => void): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('the transition table', () => {
  it('has a row for every progress value, and only valid progress values and actors in it', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...QUOTE_PROGRESS].sort());
    for (const { from, to, actors } of moves) {
      expect(QUOTE_PROGRESS, `${from} → ${to}`).toContain(to);
      expect(to, 'a move to the same progress').not.toBe(from);
      expect(actors.length, `${from} → ${to} has no actor`).toBeGreaterThan(0);
      for (const actor of actors) expect(ACTORS).toContain(actor);
    }
    for (const list of [EXPIRABLE, LOCKED_CONTENT, BOOKABLE, Object.keys(GUEST_PROGRESS_RANK)]) {
      for (const value of list) expect(QUOTE_PROGRESS).toContain(value);
    }
  });

  it('lets the guest move a quote only strictly forward in GUEST_PROGRESS_RANK', () => {
    const guestMoves = moves.filter((move) => move.actors.includes('guest'));
    expect(guestMoves.length).toBeGreaterThan(0);
    for (const { from, to } of guestMoves) {
      const fromRank = GUEST_PROGRESS_RANK[from];
      const toRank = GUEST_PROGRESS_RANK[to];
      expect(fromRank, `guest move from «${from}»: not a ranked progress`).toBeDefined();
      expect(toRank, `guest move to «${to}»: not a ranked progress`).toBeDefined();
      expect(toRank!, `guest move ${from} → ${to}`).toBeGreaterThan(fromRank!);
    }
    // The same, asked through canTransition for every pair.
    for (const from of QUOTE_PROGRESS) {
      for (const to of QUOTE_PROGRESS) {
        if (!canTransition(from, to, 'guest')) continue;
        expect(GUEST_PROGRESS_RANK[to]! > GUEST_PROGRESS_RANK[from]!, `${from} → ${to}`).toBe(true);
      }
    }
  });

  it('keeps an accepted quote accepted as far as the guest is concerned', () => {
    for (const to of QUOTE_PROGRESS) expect(canTransition('accettato', to, 'guest'), `accettato → ${to}`).toBe(false);
    // Opening the mini-site again after accepting does not bring it back to 'letto'.
    expect(canTransition('accettato', 'letto', 'guest')).toBe(false);
    expect(GUEST_PROGRESS_RANK.accettato).toBe(Math.max(...Object.values(GUEST_PROGRESS_RANK).map(Number)));
  });

  it('makes convertito final for everybody', () => {
    expect(TRANSITIONS.convertito).toEqual({});
    for (const to of QUOTE_PROGRESS) {
      for (const actor of ACTORS) expect(canTransition('convertito', to, actor), `convertito → ${to} by ${actor}`).toBe(false);
    }
  });

  it('lets only the system expire a quote, and only one still waiting for the guest', () => {
    expect([...EXPIRABLE].sort()).toEqual(['inviato', 'letto', 'nuovo']);
    for (const from of QUOTE_PROGRESS) {
      for (const actor of ACTORS) {
        const expected = actor === 'system' && EXPIRABLE.includes(from);
        expect(canTransition(from, 'scaduto', actor), `${from} → scaduto by ${actor}`).toBe(expected);
      }
    }
  });

  it('never lets anybody move a quote back to richiesta', () => {
    for (const from of QUOTE_PROGRESS) {
      for (const actor of ACTORS) expect(canTransition(from, 'richiesta', actor), `${from} → richiesta by ${actor}`).toBe(false);
    }
  });

  it('lets the staff book only bookable quotes, and not edit accepted or converted ones', () => {
    for (const from of QUOTE_PROGRESS) {
      expect(canTransition(from, 'convertito', 'staff'), `${from} → convertito`).toBe(BOOKABLE.includes(from));
    }
    expect([...LOCKED_CONTENT].sort()).toEqual(['accettato', 'convertito']);
  });
});

describe('assertTransition', () => {
  it('passes silently on an allowed move', () => {
    expect(() => assertTransition('nuovo', 'inviato', 'staff')).not.toThrow();
    expect(() => assertTransition('inviato', 'letto', 'guest')).not.toThrow();
    expect(() => assertTransition('letto', 'scaduto', 'system')).not.toThrow();
  });

  it('throws an Italian conflict naming both progress values and who acted', () => {
    const error = thrown(() => assertTransition('convertito', 'nuovo', 'staff'));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('conflict');
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).message).toBe('Un preventivo «convertito» non può passare a «nuovo» (azione di: staff).');

    const byGuest = thrown(() => assertTransition('accettato', 'letto', 'guest')) as AppError;
    expect(byGuest.kind).toBe('conflict');
    expect(byGuest.message).toBe('Un preventivo «accettato» non può passare a «letto» (azione di: cliente).');

    const bySystem = thrown(() => assertTransition('bozza', 'scaduto', 'system')) as AppError;
    expect(bySystem.message).toBe('Un preventivo «bozza» non può passare a «scaduto» (azione di: sistema).');
  });
});

describe('assertEditable', () => {
  it('refuses accepted and converted quotes with an Italian conflict, allows the others', () => {
    for (const progress of QUOTE_PROGRESS) {
      if (LOCKED_CONTENT.includes(progress)) {
        const error = thrown(() => assertEditable(progress)) as AppError;
        expect(error.kind).toBe('conflict');
        expect(error.message).toMatch(/non si può più modificare/);
      } else {
        expect(() => assertEditable(progress), progress).not.toThrow();
      }
    }
  });
});
