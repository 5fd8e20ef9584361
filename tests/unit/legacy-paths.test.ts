import { describe, expect, it } from 'vitest';
import { candidateIds, legacyCreateTarget, legacyQuoteTarget, type LegacyIds } from '@/lib/quotes/legacy-paths';

// The campsite's rows: quote q1 of guest c1, quote q2 of guest c2; c3 has no quote here.
const found: LegacyIds = { quoteContacts: new Map([['q1', 'c1'], ['q2', 'c2']]), contacts: new Set(['c1', 'c2', 'c3']) };
// What the lookup returns for ids of another campsite: nothing.
const nothing: LegacyIds = { quoteContacts: new Map(), contacts: new Set() };

describe('legacyCreateTarget', () => {
  it('opens the quote in its editor whichever order the quote and its guest come in', () => {
    expect(legacyCreateTarget(['q1', 'c1'], found)).toBe('/preventivo/edit/q1');
    expect(legacyCreateTarget(['c1', 'q1'], found)).toBe('/preventivo/edit/q1');
    expect(legacyCreateTarget(['q1', 'c1', 'edit', 'c1'], found)).toBe('/preventivo/edit/q1');
  });

  it('gives the 404 when the contact is not the quote’s guest or an id is another campsite’s', () => {
    expect(legacyCreateTarget(['q1', 'c2'], found)).toBeNull();
    expect(legacyCreateTarget(['c3', 'q2'], found)).toBeNull();
    expect(legacyCreateTarget(['q1', 'c1', 'edit', 'c2'], found)).toBeNull();
    expect(legacyCreateTarget(['q1', 'c1', 'modifica', 'c1'], found)).toBeNull();
    expect(legacyCreateTarget(['q1', 'q2'], found)).toBeNull();
    expect(legacyCreateTarget(['qx', 'cx'], nothing)).toBeNull();
    expect(legacyCreateTarget(['q1', 'c1', 'x'], found)).toBeNull();
  });

  it('follows the edit/:clienteID child with no id before it (a new quote for that guest) or with the quote alone', () => {
    expect(legacyCreateTarget(['edit', 'c3'], found)).toBe('/crea-preventivo?cliente=c3');
    expect(legacyCreateTarget(['edit', 'c1'], found)).toBe('/crea-preventivo?cliente=c1');
    expect(legacyCreateTarget(['edit', 'q1'], found)).toBeNull();
    expect(legacyCreateTarget(['edit', 'zz'], nothing)).toBeNull();
    expect(legacyCreateTarget(['q1', 'edit', 'c1'], found)).toBe('/preventivo/edit/q1');
    expect(legacyCreateTarget(['q1', 'edit', 'c2'], found)).toBeNull();
    expect(legacyCreateTarget(['c1', 'edit', 'q1'], found)).toBeNull();
  });

  it('reads one id as a quote to edit or a contact to start a quote for', () => {
    expect(legacyCreateTarget(['q2'], found)).toBe('/preventivo/edit/q2');
    expect(legacyCreateTarget(['c3'], found)).toBe('/crea-preventivo?cliente=c3');
    expect(legacyCreateTarget(['zz'], found)).toBeNull();
  });

  it('opens a preview named by the quote alone, and the list for a bare preview path', () => {
    expect(legacyCreateTarget(['preview', 'q2'], found)).toBe('/crea-preventivo/preview/c2/q2');
    expect(legacyCreateTarget(['preview'], found)).toBe('/preventivi');
    expect(legacyCreateTarget(['preview', 'c1'], found)).toBeNull();
    expect(legacyCreateTarget(['preview', 'c1', 'q1', 'scheda', 'k', 'x'], found)).toBeNull();
  });
});

describe('legacyQuoteTarget', () => {
  it('leads to the quote’s page or its booking steps only with the quote’s own guest', () => {
    expect(legacyQuoteTarget('q1', 'c1', found, 'preview')).toBe('/crea-preventivo/preview/c1/q1');
    expect(legacyQuoteTarget('q1', 'c1', found, 'booking')).toBe('/preventivi/q1/stepsPrenotazione');
    expect(legacyQuoteTarget('q1', 'c2', found, 'preview')).toBeNull();
    expect(legacyQuoteTarget('c1', 'q1', found, 'preview')).toBeNull();
    expect(legacyQuoteTarget('q1', 'c1', nothing, 'booking')).toBeNull();
  });
});

describe('candidateIds', () => {
  it('looks up each id once, leaves out the path words, and none when a segment cannot be an id', () => {
    expect(candidateIds(['q1', 'c1', 'edit', 'c1'])).toEqual(['q1', 'c1']);
    expect(candidateIds(['preview', 'q1'])).toEqual(['q1']);
    expect(candidateIds(['q1', 'x'.repeat(65)])).toEqual([]);
  });
});
