import { randomBytes } from 'node:crypto';
import type { Database } from '@/db/client';
import { campsiteLanguages, type ContactFormField } from '@/db/schema';
import { DemoBookingPlatform } from '@/lib/booking-platform/demo-platform';
import { romeIsoDate } from '@/lib/date-filter';
import { DEFAULT_FORM_FIELDS } from '@/lib/vocabulary/request-fields';
import { makeCampsite } from './fixtures';
import { randomAddress } from './legacy-api';

export const unique = () => randomBytes(5).toString('hex');

/** A day counted from today in Europe/Rome, as the form sends it. */
export const daysFromToday = (days: number) => romeIsoDate(new Date(Date.now() + days * 86_400_000));

/**
 * A campsite linked to the Lago Azzurro demo catalogue, speaking Italian, German and English
 * (in that order), with the demo's contact form unless `fields` says otherwise.
 */
export async function makeFormCampsite(db: Database, fields: ContactFormField[] = DEFAULT_FORM_FIELDS, values: Parameters<typeof makeCampsite>[1] = {}) {
  const campsite = await makeCampsite(db, {
    platformCampId: 'DEMO-LAGO-AZZURRO',
    contactFormFields: fields,
    contacts: { phone: '+39 045 000 0000', whatsapp: '', email: 'info@prova.example', address: 'Via del Lago 1', policyLink: 'https://prova.example/privacy' },
    mailjetApiKey: `chiave-${unique()}`,
    mailjetSecret: `segreto-${unique()}`,
    ...values,
  });
  await db.insert(campsiteLanguages).values([
    { campingId: campsite.id, languageId: 1, phonePrefix: '+39', position: 0 },
    { campingId: campsite.id, languageId: 3, phonePrefix: '+49', position: 1 },
    { campingId: campsite.id, languageId: 2, phonePrefix: '+44', position: 2 },
  ]);
  return { campsite, platform: new DemoBookingPlatform() };
}

/** A complete, valid submission of the demo form: a week for two adults and a child a month from now. */
export function validValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nome: 'Hans',
    cognome: 'Müller',
    email: `hans-${unique()}@example.de`,
    prefisso: '+49',
    telefono: '171 5550101',
    nazione: '2',
    lingua: '3',
    arrivo: daysFromToday(30),
    partenza: daysFromToday(37),
    tipologia: 'LA-MH-CLASSIC',
    adulti: 2,
    bambini: 1,
    messaggio: 'Wir reisen mit einem kleinen Hund.',
    privacy: true,
    ...overrides,
  };
}

/** A caller with its own address, so that no two tests share the per-address limit. */
export const guestClient = (ip = randomAddress()) => ({ ip, userAgent: 'vitest' });
