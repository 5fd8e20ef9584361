import type { Random } from './random';

/** The languages a demo guest speaks: Italian 1, German 3, everyone else English 2. */
export const ITALIAN = 1;
export const ENGLISH = 2;
export const GERMAN = 3;

type NameGroup = { female: string[]; male: string[]; surnames: string[] };

const italianNames: NameGroup = {
  female: ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Elena', 'Alessia', 'Federica', 'Silvia', 'Laura', 'Anna', 'Paola', 'Elisa', 'Roberta', 'Ilaria', 'Beatrice', 'Sofia', 'Marta', 'Cristina'],
  male: ['Marco', 'Luca', 'Andrea', 'Matteo', 'Alessandro', 'Francesco', 'Davide', 'Stefano', 'Simone', 'Lorenzo', 'Giuseppe', 'Paolo', 'Roberto', 'Fabio', 'Riccardo', 'Nicola', 'Giovanni', 'Antonio', 'Michele', 'Daniele'],
  surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti', 'Parisi', 'Villa', 'Ferraro', 'Fabbri', 'Marini', 'Grasso', 'Zanetti', 'Bertolini', 'Tonelli'],
};

const germanNames: NameGroup = {
  female: ['Anna', 'Katharina', 'Julia', 'Laura', 'Lena', 'Sabine', 'Petra', 'Claudia', 'Stefanie', 'Monika', 'Birgit', 'Sandra', 'Nicole', 'Lisa', 'Hannah', 'Sophie', 'Marie', 'Jana', 'Ursula', 'Franziska'],
  male: ['Thomas', 'Michael', 'Andreas', 'Stefan', 'Christian', 'Markus', 'Jürgen', 'Frank', 'Tobias', 'Florian', 'Matthias', 'Sebastian', 'Jan', 'Lukas', 'Felix', 'Jonas', 'Daniel', 'Martin', 'Uwe', 'Klaus'],
  surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hartmann', 'Lange', 'Huber', 'Gruber', 'Steiner', 'Moser', 'Brunner', 'Keller', 'Meier', 'Frei', 'Baumann', 'Weiß'],
};

const englishNames: NameGroup = {
  female: ['Emma', 'Olivia', 'Sophie', 'Charlotte', 'Emily', 'Jessica', 'Sarah', 'Hannah', 'Lucy', 'Rachel', 'Claire', 'Siobhan', 'Aoife', 'Niamh'],
  male: ['James', 'Oliver', 'Thomas', 'Harry', 'George', 'William', 'Jack', 'Daniel', 'Matthew', 'David', 'Sean', 'Ciarán', 'Liam', 'Patrick'],
  surnames: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'Clarke', 'Murphy', 'Kelly', "O'Sullivan", 'Walsh', "O'Brien", 'Byrne', 'Ryan', 'Doyle', 'McCarthy'],
};

const dutchNames: NameGroup = {
  female: ['Sanne', 'Lotte', 'Femke', 'Anouk', 'Eva', 'Iris', 'Fleur', 'Maaike', 'Lieke', 'Marloes'],
  male: ['Daan', 'Sem', 'Bram', 'Lars', 'Thijs', 'Ruben', 'Joost', 'Pieter', 'Jeroen', 'Maarten'],
  surnames: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Hendriks', 'van Leeuwen'],
};

type Nation = {
  id: number;
  name: string;
  prefix: string;
  languageId: number;
  names: NameGroup;
  cities: string[];
  mobile: (random: Random) => string;
};

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');

/** Ids, names and prefixes as in the reference data (migration 0001). */
export const NATIONS: Record<number, Nation> = {
  1: { id: 1, name: 'Italia', prefix: '+39', languageId: ITALIAN, names: italianNames, cities: ['Milano', 'Verona', 'Brescia', 'Bergamo', 'Bologna', 'Torino', 'Padova', 'Modena', 'Firenze', 'Roma', 'Parma', 'Trento', 'Mantova', 'Vicenza', 'Reggio Emilia'], mobile: (r) => r.pick(['320', '328', '333', '335', '338', '339', '340', '347', '349', '366', '380', '392']) + digits(r, 7) },
  22: { id: 22, name: 'San Marino', prefix: '+378', languageId: ITALIAN, names: italianNames, cities: ['San Marino', 'Serravalle', 'Borgo Maggiore'], mobile: (r) => '66' + digits(r, 6) },
  2: { id: 2, name: 'Germania', prefix: '+49', languageId: GERMAN, names: germanNames, cities: ['München', 'Stuttgart', 'Köln', 'Frankfurt am Main', 'Hamburg', 'Berlin', 'Nürnberg', 'Augsburg', 'Düsseldorf', 'Freiburg im Breisgau', 'Ulm'], mobile: (r) => r.pick(['151', '152', '160', '170', '171', '172', '176', '178']) + digits(r, 8) },
  3: { id: 3, name: 'Austria', prefix: '+43', languageId: GERMAN, names: germanNames, cities: ['Wien', 'Innsbruck', 'Graz', 'Salzburg', 'Linz', 'Klagenfurt'], mobile: (r) => r.pick(['660', '664', '676', '699']) + digits(r, 7) },
  4: { id: 4, name: 'Svizzera', prefix: '+41', languageId: GERMAN, names: germanNames, cities: ['Zürich', 'Basel', 'Bern', 'Luzern', 'St. Gallen'], mobile: (r) => r.pick(['76', '77', '78', '79']) + digits(r, 7) },
  5: { id: 5, name: 'Regno Unito', prefix: '+44', languageId: ENGLISH, names: englishNames, cities: ['London', 'Manchester', 'Bristol', 'Leeds', 'Birmingham', 'Edinburgh'], mobile: (r) => '7' + digits(r, 9) },
  6: { id: 6, name: 'Irlanda', prefix: '+353', languageId: ENGLISH, names: englishNames, cities: ['Dublin', 'Cork', 'Galway', 'Limerick'], mobile: (r) => r.pick(['83', '85', '86', '87']) + digits(r, 7) },
  7: { id: 7, name: 'Paesi Bassi', prefix: '+31', languageId: ENGLISH, names: dutchNames, cities: ['Amsterdam', 'Utrecht', 'Rotterdam', 'Eindhoven', 'Den Haag', 'Groningen'], mobile: (r) => '6' + digits(r, 8) },
};

/** About half Italian, 30% German-speaking, 20% English-speaking or Dutch. */
const NATION_WEIGHTS: (readonly [number, number])[] = [
  [1, 48], [22, 2],
  [2, 19], [3, 6], [4, 5],
  [5, 9], [6, 4], [7, 7],
];

export type Guest = {
  firstName: string;
  lastName: string;
  female: boolean;
  email: string;
  phonePrefix: string;
  phone: string;
  languageId: number;
  nationId: number;
  nationName: string;
  city: string;
};

/** 'Müller' -> 'mueller', "O'Brien" -> 'obrien', 'van den Berg' -> 'vandenberg'. */
export function emailPart(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
}

const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

/** A guest with a plausible name, phone and e-mail; `usedEmails` keeps e-mails unique per campsite. */
export function createGuest(random: Random, usedEmails: Set<string>): Guest {
  const nation = NATIONS[random.weighted(NATION_WEIGHTS)] as Nation;
  const female = random.chance(0.5);
  const firstName = random.pick(female ? nation.names.female : nation.names.male);
  const lastName = random.pick(nation.names.surnames);
  let email = '';
  do {
    const suffix = random.chance(0.7) ? String(random.int(1, 99)) : '';
    email = `${emailPart(firstName)}.${emailPart(lastName)}${suffix}@${random.pick(EMAIL_DOMAINS)}`;
  } while (usedEmails.has(email));
  usedEmails.add(email);
  return {
    firstName,
    lastName,
    female,
    email,
    phonePrefix: nation.prefix,
    phone: nation.mobile(random),
    languageId: nation.languageId,
    nationId: nation.id,
    nationName: nation.name,
    city: random.pick(nation.cities),
  };
}

/** Ages for the children of a party, used in PersonCount.ages. */
export function childAges(random: Random, count: number, minAge: number, maxAge: number): number[] {
  return Array.from({ length: count }, () => random.int(minAge, maxAge)).sort((a, b) => a - b);
}
