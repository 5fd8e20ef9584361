/**
 * The placeholders a template may hold, written `{{name}}`. The template editor offers them,
 * the preview and every sent mail fill them from one contact, quote and campsite.
 */
export const PLACEHOLDERS = [
  { key: 'nome', label: 'Nome del cliente', newsletter: true },
  { key: 'cognome', label: 'Cognome del cliente', newsletter: true },
  { key: 'nomeCompleto', label: 'Nome e cognome del cliente', newsletter: true },
  { key: 'linkPreventivo', label: 'Link al preventivo', newsletter: false },
  { key: 'nomePreventivo', label: 'Nome del preventivo', newsletter: false },
  { key: 'arrivo', label: 'Data di arrivo', newsletter: false },
  { key: 'partenza', label: 'Data di partenza', newsletter: false },
  { key: 'validita', label: 'Validità del preventivo', newsletter: false },
  { key: 'campeggio', label: 'Nome del campeggio', newsletter: true },
  { key: 'telefonoCampeggio', label: 'Telefono del campeggio', newsletter: true },
  { key: 'emailCampeggio', label: 'E-mail del campeggio', newsletter: true },
  { key: 'indirizzoCampeggio', label: 'Indirizzo del campeggio', newsletter: true },
  { key: 'linkDisiscrizione', label: 'Link per annullare l’iscrizione (newsletter)', newsletter: true },
  // The stay as booked (issue 32): the accepted offer's, else the first offer's.
  { key: 'notti', label: 'Numero di notti', newsletter: false },
  { key: 'alloggio', label: 'Alloggio (tipologia)', newsletter: false },
  { key: 'piazzola', label: 'Piazzola o unità assegnata', newsletter: false },
  { key: 'ospiti', label: 'Ospiti (es. 2 × Adulto)', newsletter: false },
  { key: 'orarioCheckin', label: 'Orario di check-in', newsletter: false },
  { key: 'orarioCheckout', label: 'Orario di check-out', newsletter: false },
  { key: 'orariCampeggio', label: 'Note sugli orari del campeggio', newsletter: false },
  { key: 'linkSondaggio', label: 'Link al questionario sul soggiorno', newsletter: false },
  { key: 'linkRecensione', label: 'Link per lasciare una recensione', newsletter: false },
] as const;

/** What a template is for: a quote's mail (every placeholder) or a newsletter (no quote to fill from). */
export type PlaceholderSet = 'quote' | 'newsletter';

/** The placeholders a template for `purpose` may hold: a newsletter has no quote, no stay, no dates. */
export const placeholdersFor = (purpose: PlaceholderSet) => PLACEHOLDERS.filter((placeholder) => purpose === 'quote' || placeholder.newsletter);

/**
 * The known placeholders of a text that a newsletter cannot fill ({{arrivo}}, {{linkPreventivo}}…),
 * each once, in the order written: a newsletter using them would read «con arrivo il .».
 */
export function quoteOnlyPlaceholders(...texts: string[]): PlaceholderKey[] {
  const found = new Set<PlaceholderKey>();
  for (const text of texts) {
    for (const [, key] of text.matchAll(PATTERN)) {
      const placeholder = PLACEHOLDERS.find((candidate) => candidate.key === key);
      if (placeholder && !placeholder.newsletter) found.add(placeholder.key);
    }
  }
  return [...found];
}

/** The refusal when a newsletter (or its template) uses what only a quote can fill. */
const quoteOnlyMessage = (keys: PlaceholderKey[]) =>
  `In una newsletter non c’è un preventivo da cui prendere ${keys.map((key) => `{{${key}}}`).join(', ')}: togli ${keys.length === 1 ? 'questo segnaposto' : 'questi segnaposto'} dal testo e dall’oggetto.`;

/**
 * The `{{…}}` of a text that are no placeholder at all ({{nomee}}, {{Nome}}), each once, as written
 * between the braces: the mail would show them to every guest as they are.
 */
export function unknownPlaceholders(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const [, key] of text.matchAll(PATTERN)) if (!KNOWN.has(key)) found.add(key);
  return [...found];
}

/**
 * Why a newsletter's text (or its template's) cannot go out as written, or null: a placeholder
 * that only a quote can fill, or one that does not exist. The editor and the wizard show it.
 */
export function newsletterPlaceholderError(...texts: string[]): string | null {
  const quoteOnly = quoteOnlyPlaceholders(...texts);
  if (quoteOnly.length > 0) return quoteOnlyMessage(quoteOnly);
  const unknown = unknownPlaceholders(...texts);
  if (unknown.length === 0) return null;
  const allowed = placeholdersFor('newsletter').map((placeholder) => `{{${placeholder.key}}}`).join(', ');
  return `Segnaposto sconosciuti: ${unknown.map((key) => `{{${key}}}`).join(', ')}. In una newsletter si possono usare solo ${allowed}: correggili o toglili.`;
}

export type PlaceholderKey = (typeof PLACEHOLDERS)[number]['key'];
export type PlaceholderValues = Partial<Record<PlaceholderKey, string>>;

const PATTERN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS.map((placeholder) => placeholder.key));

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** `{{key}}` as typed in a template. */
export const placeholderToken = (key: PlaceholderKey) => `{{${key}}}`;

/** Stands for a placeholder with no value while the text is filled; the inputs refuse control characters. */
const GAP = '\u0001';
const GAPS = /[ \t\u00a0]*(?:\u0001[ \t\u00a0]*)+/g;
/** After these a removed placeholder's spaces go too: "Ciao {{nome}}," reads "Ciao,". */
const CLOSES = /[,.;:!?)\]»<\n\r]/;
/** Before these too: a line or a tag that began with the placeholder begins with what follows. */
const OPENS = /[(\[«>\n\r]/;
/** A line or tag that opened with an empty placeholder loses the comma that followed it: "{{nome}}, ecco…" reads "ecco…". */
const LEADING_GAPS = /(^|[(\[«>\n\r])[ \t\u00a0]*(?:\u0001[ \t\u00a0]*)+[,;:]?[ \t\u00a0]*/g;

/**
 * A placeholder with no value leaves no gap: its spaces go with it, and one space stays only
 * between two words ("Gentile {{nome}} {{cognome}}, …" with no name reads "Gentile, …").
 */
function closeGaps(text: string): string {
  if (!text.includes(GAP)) return text;
  return text.replace(LEADING_GAPS, '$1').replace(GAPS, (found: string, offset: number, whole: string) => {
    const before = whole[offset - 1];
    const after = whole[offset + found.length];
    if (before === undefined || after === undefined || CLOSES.test(after) || OPENS.test(before)) return '';
    return /[ \t\u00a0]/.test(found) ? ' ' : '';
  });
}

const valueOf = (values: PlaceholderValues, key: string) => values[key as PlaceholderKey]?.trim() ?? '';

/**
 * Dates without which their sentence says nothing («Con arrivo il .»): in a mail's text the whole
 * sentence goes with them. Marked while filling; the inputs refuse control characters.
 */
const SENTENCE_KEYS = new Set<string>(['arrivo', 'partenza', 'validita']);
const DROP = '\u0002';
/** Inside a sentence: any text but its end, or an inline tag (a date in bold is still in its sentence). */
const IN_SENTENCE = String.raw`(?:[^.!?<>\n\r\u0002]|<\/?(?:a|b|strong|i|em|u|span|font|mark|small|sup|sub)\b[^>]*>)`;
/** From the end of the previous sentence (or a block tag, a line) to this one's end, keeping the previous end. */
const DROPPED_SENTENCE = new RegExp(String.raw`(^|[.!?>\n\r])${IN_SENTENCE}*\u0002(?:${IN_SENTENCE}|\u0002)*(?:[.!?]+|(?=[<\n\r])|$)`, 'g');

/**
 * Fills the known placeholders with their values, HTML-escaped (a guest's name is data, not
 * markup). A known placeholder with no value leaves no gap (closeGaps), a missing date takes its
 * sentence with it; an unknown one is left as written, so a typo shows in the preview instead of vanishing.
 */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  const filled = html.replace(PATTERN, (token, key: string) => (KNOWN.has(key) ? escapeHtml(valueOf(values, key)) || (SENTENCE_KEYS.has(key) ? DROP : GAP) : token));
  // A date the sentence rule cannot reach (inside a tag's attribute) leaves no gap either.
  return closeGaps(filled.includes(DROP) ? filled.replace(DROPPED_SENTENCE, '$1').replaceAll(DROP, GAP) : filled);
}

/** The same for a plain-text line such as a subject: no escaping. */
export function fillPlaceholdersText(text: string, values: PlaceholderValues): string {
  return closeGaps(text.replace(PATTERN, (token, key: string) => (KNOWN.has(key) ? valueOf(values, key) || GAP : token)));
}

/**
 * A subject as the staff reads it in lists and titles: each placeholder as what it stands for,
 * «Offerte d’autunno, {{nome}}» → «Offerte d’autunno, [Nome del cliente]».
 */
export function subjectForStaff(subject: string): string {
  return subject.replace(PATTERN, (token, key: string) => {
    const found = PLACEHOLDERS.find((placeholder) => placeholder.key === key);
    return found ? `[${found.label}]` : token;
  });
}
