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

/**
 * Fills the known placeholders with their values, HTML-escaped (a guest's name is data, not
 * markup). A known placeholder with no value becomes empty; an unknown one is left as written,
 * so a typo shows in the preview instead of vanishing.
 */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  return html.replace(PATTERN, (token, key: string) => (KNOWN.has(key) ? escapeHtml(values[key as PlaceholderKey] ?? '') : token));
}

/** The same for a plain-text line such as a subject: no escaping. */
export function fillPlaceholdersText(text: string, values: PlaceholderValues): string {
  return text.replace(PATTERN, (token, key: string) => (KNOWN.has(key) ? (values[key as PlaceholderKey] ?? '') : token));
}
