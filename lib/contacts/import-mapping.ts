import type { ImportField } from './validation';

/** Lower-case, accents and punctuation gone: 'E-Mail-Adresse' → 'emailadresse', 'Città' → 'citta'. */
export function normalizeHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Header names in Italian, English and German (and the legacy field names) for each field. */
const SYNONYMS: Record<ImportField, string[]> = {
  firstName: ['nome', 'nomedibattesimo', 'firstname', 'first', 'givenname', 'forename', 'vorname', 'name1'],
  lastName: ['cognome', 'lastname', 'last', 'surname', 'familyname', 'nachname', 'familienname', 'name2'],
  email: ['email', 'mail', 'emailaddress', 'indirizzoemail', 'indirizzomail', 'postaelettronica', 'emailadresse', 'mailadresse', 'epost'],
  phonePrefix: ['prefisso', 'prefissotelefonico', 'prefissointernazionale', 'prefix', 'phoneprefix', 'countrycode', 'dialcode', 'vorwahl', 'landesvorwahl'],
  phone: ['telefono', 'tel', 'cellulare', 'cell', 'numeroditelefono', 'numerotelefono', 'phone', 'phonenumber', 'telephone', 'mobile', 'mobilephone', 'telefon', 'telefonnummer', 'handy', 'mobiltelefon'],
  language: ['lingua', 'idlingua', 'language', 'lang', 'sprache', 'korrespondenzsprache'],
  nation: ['nazione', 'idnazione', 'nazionalita', 'paese', 'stato', 'country', 'nation', 'nationality', 'land', 'staat', 'nationalitat'],
  city: ['citta', 'comune', 'localita', 'city', 'town', 'stadt', 'ort', 'wohnort'],
  address: ['indirizzo', 'via', 'address', 'street', 'streetaddress', 'adresse', 'strasse', 'anschrift'],
  postalCode: ['cap', 'codicepostale', 'postalcode', 'postcode', 'zip', 'zipcode', 'plz', 'postleitzahl'],
  notes: ['note', 'notes', 'nota', 'commenti', 'commento', 'comments', 'remarks', 'notizen', 'bemerkungen', 'anmerkungen', 'bemerkung'],
  tags: ['etichette', 'etichetta', 'tag', 'tags', 'labels', 'label', 'schlagworte', 'schlagwort', 'stichworte'],
};

const BY_HEADER = new Map(Object.entries(SYNONYMS).flatMap(([field, names]) => names.map((name) => [name, field as ImportField] as const)));

/** A field for each header, or null; a field goes to the first column that names it. */
export function guessMapping(headers: string[]): (ImportField | null)[] {
  const used = new Set<ImportField>();
  return headers.map((header) => {
    const field = BY_HEADER.get(normalizeHeader(header)) ?? null;
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}
