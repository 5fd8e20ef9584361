import type { DemoCampsiteKey } from '../../lib/booking-platform/demo-catalogue';
import { nameIn, type LabelNames } from '../../lib/i18n/label-names';
import { formatGuestDate } from './dates';
import { GERMAN, ITALIAN } from './people';
import type { Random } from './random';

type Lang = 'it' | 'de' | 'en';
const langOf = (languageId: number): Lang => (languageId === ITALIAN ? 'it' : languageId === GERMAN ? 'de' : 'en');

/** '1 adulto', '2 adulti'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const HIGHLIGHTS: Record<DemoCampsiteKey, Record<Lang, string>> = {
  'lago-azzurro': {
    it: 'Il campeggio è a pochi passi dalla spiaggia del lago, con piscina e noleggio SUP.',
    de: 'Unser Platz liegt nur wenige Schritte vom Seeufer entfernt, mit Pool und SUP-Verleih.',
    en: 'We are a short walk from the lake beach, with a swimming pool and SUP rental.',
  },
  pineta: {
    it: "Siamo all'ombra della pineta, a 200 metri dal mare, con animazione per bambini in alta stagione.",
    de: 'Wir liegen im schattigen Pinienwald, 200 Meter vom Meer, mit Kinderanimation in der Hochsaison.',
    en: "We are in a shady pine forest, 200 metres from the sea, with a kids' club in high season.",
  },
};

/** `typologyNames`: the accommodation's name per language (the guest's page shows the same); `typologyName` the Italian one. */
export type CardTextInput = { campsite: DemoCampsiteKey; languageId: number; firstName: string; typologyName: string; typologyNames?: LabelNames; arrival: string; departure: string; nights: number };

/** The short offer text of a card, in the guest's language, as simple HTML; the accommodation named in the text's language, never in Italian in a German or English sentence. */
export function cardText(random: Random, input: CardTextInput): string {
  const lang = langOf(input.languageId);
  const name = escapeHtml(input.firstName);
  const typology = `«${escapeHtml(nameIn(input.typologyNames, lang, input.typologyName))}»`;
  const from = formatGuestDate(input.arrival, input.languageId);
  const to = formatGuestDate(input.departure, input.languageId);
  const highlight = HIGHLIGHTS[input.campsite][lang];
  const variants: Record<Lang, string[]> = {
    it: [
      `<p>Gentile ${name}, le proponiamo ${typology} dal ${from} al ${to} (${input.nights} notti).</p><p>${highlight}</p>`,
      `<p>Gentile ${name}, grazie per averci scelto! Per il soggiorno dal ${from} al ${to} abbiamo pensato a ${typology}.</p><p>Per confermare basta un clic su «Accetta».</p>`,
    ],
    de: [
      `<p>Hallo ${name}, gerne bieten wir Ihnen ${typology} vom ${from} bis ${to} an (${input.nights} Nächte).</p><p>${highlight}</p>`,
      `<p>Guten Tag ${name}, vielen Dank für Ihre Anfrage! Für Ihren Aufenthalt vom ${from} bis ${to} haben wir ${typology} für Sie vorgemerkt.</p><p>Zur Bestätigung genügt ein Klick auf „Annehmen“.</p>`,
    ],
    en: [
      `<p>Dear ${name}, we are happy to offer you ${typology} from ${from} to ${to} (${input.nights} nights).</p><p>${highlight}</p>`,
      `<p>Hello ${name}, thank you for your enquiry! For your stay from ${from} to ${to} we have set aside ${typology} for you.</p><p>To confirm, just click “Accept”.</p>`,
    ],
  };
  return random.pick(variants[lang]);
}

export type RequestMessageInput = { languageId: number; adults: number; children: number; arrival: string; departure: string; hasDog: boolean; camper: boolean };

/** What a guest writes in the public form, in their own language. */
export function requestMessage(random: Random, input: RequestMessageInput): string {
  const lang = langOf(input.languageId);
  const from = formatGuestDate(input.arrival, input.languageId);
  const to = formatGuestDate(input.departure, input.languageId);
  const messages: Record<Lang, string[]> = {
    it: [
      `Buongiorno, vorremmo un preventivo per ${plural(input.adults, 'adulto', 'adulti')}${input.children ? ` e ${plural(input.children, 'bambino', 'bambini')}` : ''} dal ${from} al ${to}. Grazie!`,
      'Salve, è possibile avere una sistemazione vicino alla piscina? Restiamo in attesa di una vostra proposta.',
    ],
    de: [
      `Guten Tag, wir hätten gerne ein Angebot für ${plural(input.adults, 'Erwachsenen', 'Erwachsene')}${input.children ? ` und ${plural(input.children, 'Kind', 'Kinder')}` : ''} vom ${from} bis ${to}. Vielen Dank!`,
      'Hallo, gibt es für diese Tage noch etwas Ruhiges mit Schatten? Wir freuen uns auf Ihr Angebot.',
    ],
    en: [
      `Hi, we would like a quote for ${plural(input.adults, 'adult', 'adults')}${input.children ? ` and ${plural(input.children, 'child', 'children')}` : ''} from ${from} to ${to}. Many thanks!`,
      'Hello, is there still something quiet and shady available for these dates? Looking forward to your offer.',
    ],
  };
  const extras: Record<Lang, { dog: string; camper: string }> = {
    it: { dog: ' Viaggiamo con un cane di taglia media.', camper: ' Arriviamo con il camper (7 metri) e ci serve la corrente.' },
    de: { dog: ' Wir reisen mit einem mittelgroßen Hund.', camper: ' Wir kommen mit dem Wohnmobil (7 Meter) und brauchen Strom.' },
    en: { dog: ' We are travelling with a medium-sized dog.', camper: ' We are coming with our motorhome (7 metres) and need electricity.' },
  };
  let message = random.pick(messages[lang]);
  if (input.hasDog) message += extras[lang].dog;
  if (input.camper) message += extras[lang].camper;
  return message;
}

export const REFUSAL_REASONS = [
  'Il cliente ha trovato una soluzione più economica.',
  'Le date non sono più compatibili con le ferie.',
  'Ha scelto una struttura più vicina al centro.',
  'Il prezzo supera il budget della famiglia.',
  'Vacanza annullata per motivi personali.',
] as const;

export const NOT_CONVERTED_NOTES = [
  'Nessuna risposta dopo il sollecito telefonico.',
  'Il cliente ha rinviato la vacanza al prossimo anno.',
  'Prenotazione non completata: caparra non versata.',
] as const;
