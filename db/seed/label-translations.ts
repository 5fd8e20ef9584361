import { labelTranslations } from '../schema';
import type { DbOrTx } from '../client';
import type { LabelNames } from '../../lib/i18n/label-names';

/**
 * The demo platform names its offers in Italian only: the demo campsites translated them in
 * their own table (Traduzioni per gli ospiti), as a campsite on a real platform would.
 */
export const DEMO_LABEL_TRANSLATIONS: ReadonlyMap<string, LabelNames> = new Map([
  ['Prenota prima −10%', { de: 'Frühbucher −10 %', en: 'Early booking −10%', nl: 'Vroegboekkorting −10%', fr: 'Réservation anticipée −10 %' }],
  ['Settimana lunga: −5% dalle 7 notti', { de: 'Lange Woche: −5 % ab 7 Nächten', en: 'Long week: −5% from 7 nights', nl: 'Lange week: −5% vanaf 7 nachten', fr: 'Longue semaine : −5 % dès 7 nuits' }],
  ['Bassa stagione −50 €', { de: 'Nebensaison −50 €', en: 'Low season −50 €', nl: 'Laagseizoen −50 €', fr: 'Basse saison −50 €' }],
]);

export async function insertLabelTranslations(db: DbOrTx, campsiteId: string): Promise<void> {
  await db.insert(labelTranslations).values([...DEMO_LABEL_TRANSLATIONS].map(([source, names]) => ({ campingId: campsiteId, source, names })));
}
