import { getBookingPlatform, type BookingPlatform } from '@/lib/booking-platform';
import { getOwnCampsite } from '@/lib/campsites/service';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';

/** The booking platform's answers for the caller's own campsite; the camp never comes from the body. */
async function withPlatform<T>(ctx: CampsiteCtx, call: (platform: BookingPlatform, camp: string | null) => Promise<T>): Promise<T> {
  const campsite = await getOwnCampsite(ctx);
  return call(getBookingPlatform(), campsite.platformCampId);
}

const named = z.array(z.object({ id: z.string(), nome: z.string() }).loose());

type Catalogue = { path: string; group: string; summary: string; response: z.ZodType; read: (platform: BookingPlatform, camp: string | null) => Promise<unknown> };

const catalogue: Catalogue[] = [
  {
    path: '/cv/api/tipologie',
    group: 'quotes',
    summary: 'Le tipologie di alloggio della piattaforma.',
    response: named,
    read: async (platform, camp) =>
      (await platform.typologies(camp)).map((t) => ({ id: t.id, nome: t.name, tipo: t.kind, maxPersone: t.maxPeople, prenotabileOnline: t.bookableOnline })),
  },
  {
    path: '/tipologieBOL',
    group: 'quotes',
    summary: 'Le tipologie prenotabili online.',
    response: named,
    read: async (platform, camp) =>
      (await platform.typologies(camp)).filter((t) => t.bookableOnline).map((t) => ({ id: t.id, nome: t.name, tipo: t.kind, maxPersone: t.maxPeople })),
  },
  {
    path: '/cv/api/tipiPersona',
    group: 'quotes',
    summary: 'I tipi di ospite, ordinati per «ordinamento» decrescente.',
    response: named,
    read: async (platform, camp) =>
      (await platform.personTypes(camp)).map((p) => ({ id: p.id, nome: p.name, ordinamento: p.ordinamento, etaMin: p.minAge, etaMax: p.maxAge })),
  },
  {
    path: '/cv/api/mezzi',
    group: 'quotes',
    summary: 'I mezzi (auto, camper, moto).',
    response: named,
    read: async (platform, camp) => (await platform.vehicles(camp)).map((v) => ({ id: v.id, nome: v.name })),
  },
  {
    path: '/cv/api/servizi',
    group: 'quotes',
    summary: 'I servizi aggiuntivi.',
    response: named,
    read: async (platform, camp) => (await platform.services(camp)).map((s) => ({ id: s.id, nome: s.name, unita: s.unit })),
  },
  {
    path: '/getListini',
    group: 'quotes',
    summary: 'I listini della piattaforma.',
    response: named,
    read: async (platform, camp) => (await platform.priceLists(camp)).map((l) => ({ id: l.id, nome: l.name, validoDal: l.validFrom, validoAl: l.validTo })),
  },
  {
    path: '/getOfferta',
    group: 'quotes',
    summary: 'Le offerte applicabili alle schede.',
    response: named,
    read: async (platform, camp) =>
      (await platform.offers(camp)).map((o) => ({
        id: o.id,
        nome: o.name,
        descrizione: o.description,
        scontoPercentuale: 'basisPoints' in o.discount ? o.discount.basisPoints / 100 : null,
        sconto: 'cents' in o.discount ? o.discount.cents / 100 : null,
        soloSuUnita: o.onlyOnUnit,
        validaDal: o.validFrom,
        validaAl: o.validTo,
        tipologie: o.typologyIds,
        nottiMinime: o.minNights,
      })),
  },
  {
    path: '/cv/api/utentiData',
    group: 'administration',
    summary: 'Gli operatori del campeggio sulla piattaforma di prenotazione.',
    response: named,
    read: async (platform, camp) => (await platform.usersData(camp)).map((u) => ({ id: u.id, nome: u.name, email: u.email })),
  },
];

export const catalogueRoutes = [
  ...catalogue.map(({ path, group, summary, response, read }) =>
    endpoint({ method: 'POST', path, auth: 'bearer', group, summary, response, handler: (ctx) => withPlatform(ctx, read) }),
  ),
  endpoint({
    method: 'POST',
    path: '/getListino',
    auth: 'bearer',
    group: 'quotes',
    summary: 'Un listino completo (stagioni, prezzi per tipologia, ospiti, mezzi, servizi, imposta di soggiorno); senza id quello in vigore.',
    body: z.object({ id: z.string().trim().min(1).optional() }),
    response: z.record(z.string(), z.unknown()),
    handler: (ctx, { body }) => withPlatform(ctx, (platform, camp) => platform.priceList(camp, body.id)),
  }),
];
