/** Quote progress values, in the order a quote usually lives them (spec section 3). */
export const QUOTE_PROGRESS = [
  'richiesta',
  'bozza',
  'nuovo',
  'inviato',
  'letto',
  'accettato',
  'rifiutato',
  'convertito',
  'non convertito',
  'scaduto',
] as const;

export type QuoteProgress = (typeof QUOTE_PROGRESS)[number];

/** Tag colours shown wherever a progress appears (background, text): each pair at least 5:1, WCAG AA with room. */
export const PROGRESS_COLORS: Record<QuoteProgress, { background: string; text: string }> = {
  richiesta: { background: '#e7f5ff', text: '#1864ab' },
  bozza: { background: '#f1f3f5', text: '#495057' },
  nuovo: { background: '#fff3bf', text: '#7c5a00' },
  inviato: { background: '#d0ebff', text: '#1c4f80' },
  letto: { background: '#e5dbff', text: '#5f3dc4' },
  accettato: { background: '#d3f9d8', text: '#1e6b2e' },
  rifiutato: { background: '#ffe3e3', text: '#b02525' },
  convertito: { background: '#267937', text: '#ffffff' },
  'non convertito': { background: '#ffd8a8', text: '#8f3f00' },
  scaduto: { background: '#dee2e6', text: '#343a40' },
};
