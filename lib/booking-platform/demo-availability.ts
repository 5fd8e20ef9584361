/**
 * Free resources of the demo campsites. Deterministic (a hash of typology and dates) so a
 * page reload or a test sees the same answer, and the booking check agrees with the search.
 */
import { AppError } from '../errors';
import { DEMO_SEASON_LAST_DEPARTURE, DEMO_SEASON_OPENING, type DemoCatalogue, type DemoTypology } from './demo-catalogue';
import type { Availability, AvailabilityRequest, Resource } from './types';

/** The weeks around Ferragosto: here some typologies are sold out, so the UI shows it. */
const PEAK_FROM = '2027-08-01';
const PEAK_TO = '2027-08-28';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** FNV-1a, 32 bits: stable across runs and machines, unlike Math.random. */
export function demoHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function findDemoTypology(catalogue: DemoCatalogue, typologyId: string): DemoTypology {
  const typology = catalogue.typologies.find((candidate) => candidate.id === typologyId);
  if (!typology) throw new AppError('bad_request', `La tipologia «${typologyId}» non esiste in questo campeggio.`);
  return typology;
}

export function allDemoResources(typology: DemoTypology): Resource[] {
  const { label, from, to } = typology.resources;
  return Array.from({ length: to - from + 1 }, (_, i) => ({ id: `${typology.id}-${from + i}`, name: `${label} ${from + i}` }));
}

export function demoAvailability(catalogue: DemoCatalogue, request: AvailabilityRequest): Availability {
  const typology = findDemoTypology(catalogue, request.typologyId);
  const { arrival, departure } = request;
  if (!ISO_DATE.test(arrival) || !ISO_DATE.test(departure) || departure <= arrival) {
    throw new AppError('bad_request', 'La data di partenza deve essere successiva a quella di arrivo.');
  }
  const closed = arrival < DEMO_SEASON_OPENING || departure > DEMO_SEASON_LAST_DEPARTURE;
  const unfitting = request.people < 1 || request.people > typology.maxPeople;
  if (closed || unfitting) return { available: false, resources: [] };

  const hash = demoHash(`${typology.id}|${arrival}|${departure}`);
  const touchesPeak = arrival <= PEAK_TO && departure > PEAK_FROM;
  if (touchesPeak && hash % 3 === 0) return { available: false, resources: [] };

  const all = allDemoResources(typology);
  const count = Math.min(all.length, 2 + ((hash >>> 4) % 7));
  const start = (hash >>> 12) % all.length;
  const free = Array.from({ length: count }, (_, i) => all[(start + i) % all.length] as Resource);
  return { available: true, resources: free.sort((a, b) => all.indexOf(a) - all.indexOf(b)) };
}
