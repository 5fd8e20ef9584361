/**
 * The placeholders a template may hold, written `{{name}}`. The template editor offers them,
 * the preview and every sent mail fill them from one contact, quote and campsite.
 */
export const PLACEHOLDERS = [
  { key: 'nome', label: 'Nome del cliente' },
  { key: 'cognome', label: 'Cognome del cliente' },
  { key: 'nomeCompleto', label: 'Nome e cognome del cliente' },
  { key: 'linkPreventivo', label: 'Link al preventivo' },
  { key: 'nomePreventivo', label: 'Nome del preventivo' },
  { key: 'arrivo', label: 'Data di arrivo' },
  { key: 'partenza', label: 'Data di partenza' },
  { key: 'validita', label: 'Validità del preventivo' },
  { key: 'campeggio', label: 'Nome del campeggio' },
  { key: 'telefonoCampeggio', label: 'Telefono del campeggio' },
  { key: 'emailCampeggio', label: 'E-mail del campeggio' },
  { key: 'indirizzoCampeggio', label: 'Indirizzo del campeggio' },
  { key: 'linkDisiscrizione', label: 'Link per annullare l’iscrizione (newsletter)' },
] as const;

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
 * Fills the known placeholders with their values, HTML-escaped (a guest's name is data, not
 * markup). A known placeholder with no value leaves no gap (closeGaps); an unknown one is left as
 * written, so a typo shows in the preview instead of vanishing.
 */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  return closeGaps(html.replace(PATTERN, (token, key: string) => (KNOWN.has(key) ? escapeHtml(valueOf(values, key)) || GAP : token)));
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
