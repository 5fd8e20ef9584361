import { newId } from '../../lib/ids';
import type { contacts } from '../schema';
import type { ContactSource } from '../schema/contacts';
import { CONTACT_TAGS, type DemoCampsiteSpec, type SeededUser } from './campsites';
import { addMs, between, currentMonthStart, days } from './dates';
import { createGuest, type Guest } from './people';
import type { Random } from './random';

export type SeedContact = {
  row: typeof contacts.$inferInsert & { id: string; createdAt: Date };
  guest: Guest;
  hasChildren: boolean;
  hasDog: boolean;
  camper: boolean;
};

const NOTES = [
  "Preferisce una piazzola all'ombra, lontana dalla strada.",
  'Viene ogni anno nelle ultime due settimane di luglio.',
  'Chiede sempre la stessa casa mobile vicino alla piscina.',
  'Contattare preferibilmente via WhatsApp.',
  'Intolleranza al glutine: segnalarlo al ristorante.',
  'Arriva di solito in tarda serata: lasciare le chiavi in reception.',
  'Ha chiesto informazioni sui corsi di vela per i figli.',
  'Attento al prezzo: proporre le offerte prenota prima.',
  "Ha lasciato un'ottima recensione la scorsa estate.",
  'Viaggia con una bicicletta elettrica da ricaricare.',
];

/** Contacts spread over the last 18 months, some in the current month, sorted by creation. */
export function planContacts(random: Random, spec: DemoCampsiteSpec, users: SeededUser[], campingId: string, now: Date): SeedContact[] {
  const staff = users.filter((user) => user.role !== 'service');
  const service = users.find((user) => user.role === 'service');
  const extraTags = (spec.settings.personalizedTags ?? []).map((tag) => tag.name).filter((name) => !Object.values<string>(CONTACT_TAGS).includes(name));
  const monthStart = currentMonthStart(now);
  const oldest = addMs(now, -days(548));
  const usedEmails = new Set<string>();

  const planned = Array.from({ length: spec.contactCount }, (): SeedContact => {
    const guest = createGuest(random, usedEmails);
    const createdAt = random.chance(0.12) ? between(monthStart, now, random.next()) : between(oldest, monthStart, random.next());
    const hasChildren = random.chance(0.4);
    const hasDog = random.chance(0.15);
    const camper = random.chance(0.2);
    const source: ContactSource = random.weighted<ContactSource>([
      ['staff', 45],
      ['form', 40],
      ['import', 10],
      ['platform', service ? 5 : 0],
    ]);
    const owner = source === 'platform' && service ? service : random.pick(staff);

    const tags: string[] = [];
    if (random.chance(0.15)) tags.push(CONTACT_TAGS.regular);
    if (hasChildren && random.chance(0.8)) tags.push(CONTACT_TAGS.family);
    if (hasDog) tags.push(CONTACT_TAGS.dog);
    if (camper && random.chance(0.7)) tags.push(CONTACT_TAGS.camper);
    for (const name of extraTags) if (random.chance(0.06)) tags.push(name);

    return {
      guest,
      hasChildren,
      hasDog,
      camper,
      row: {
        id: newId(),
        campingId,
        ownerId: owner?.id ?? null,
        firstName: guest.firstName,
        lastName: guest.lastName,
        email: guest.email,
        phonePrefix: guest.phonePrefix,
        phone: random.chance(0.9) ? guest.phone : null,
        languageId: guest.languageId,
        nationId: guest.nationId,
        city: random.chance(0.65) ? guest.city : null,
        notes: random.chance(0.25) ? random.pick(NOTES) : null,
        tags,
        source,
        newsletterOptOutAt: random.chance(0.06) ? between(createdAt, now, random.next()) : null,
        createdAt,
        updatedAt: createdAt,
      },
    };
  });
  return planned.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
}
