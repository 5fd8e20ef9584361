/**
 * The platform's answers, in its own Italian field names (docs/booking-platform-protocol.md),
 * and their mapping to the neutral types. Every answer is parsed: the platform is another
 * team's system, and a changed field must fail here, not deep inside a page.
 */
import { z } from '../validation';
import { LABEL_LANGUAGES, type LabelNames } from '../i18n/label-names';
import type { Offer, PriceList, ServiceUnit, Typology, TypologyKind } from './types';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cents = z.number().int().nonnegative();
const id = z.union([z.string().min(1), z.number().int().transform(String)]);

const KINDS = { piazzola: 'pitch', 'casa-mobile': 'mobile-home', bungalow: 'bungalow', glamping: 'glamping' } as const satisfies Record<string, TypologyKind>;
const UNITS = { notte: 'per-night', soggiorno: 'per-stay' } as const satisfies Record<string, ServiceUnit>;
const kind = z.enum(['piazzola', 'casa-mobile', 'bungalow', 'glamping']).transform((value) => KINDS[value]);
const unit = z.enum(['notte', 'soggiorno']).transform((value) => UNITS[value]);
/** Optional names by language code ({ "de": "Stellplatz" }); codes the CRM does not speak are dropped. */
const nomi = z
  .record(z.string(), z.string())
  .optional()
  .transform((names): LabelNames | undefined => {
    const known = Object.entries(names ?? {}).filter(([code, name]) => (LABEL_LANGUAGES as readonly string[]).includes(code) && name.trim() !== '');
    return known.length ? Object.fromEntries(known) : undefined;
  });

export const typologiesAnswer = z
  .array(z.object({ id, nome: z.string(), nomi, tipo: kind, maxPersone: z.number().int().positive(), prenotabileOnline: z.boolean() }))
  .transform((rows): Typology[] => rows.map((row) => ({ id: row.id, name: row.nome, names: row.nomi, kind: row.tipo, maxPeople: row.maxPersone, bookableOnline: row.prenotabileOnline })));

export const personTypesAnswer = z
  .array(z.object({ id, nome: z.string(), nomi, ordinamento: z.number(), etaMin: z.number().int().nonnegative(), etaMax: z.number().int().nonnegative().nullable() }))
  .transform((rows) => rows.map((row) => ({ id: row.id, name: row.nome, names: row.nomi, ordinamento: row.ordinamento, minAge: row.etaMin, maxAge: row.etaMax })));

export const vehiclesAnswer = z.array(z.object({ id, nome: z.string(), nomi })).transform((rows) => rows.map((row) => ({ id: row.id, name: row.nome, names: row.nomi })));

export const servicesAnswer = z
  .array(z.object({ id, nome: z.string(), nomi, unita: unit }))
  .transform((rows) => rows.map((row) => ({ id: row.id, name: row.nome, names: row.nomi, unit: row.unita })));

const summary = z.object({ id, nome: z.string(), validoDal: isoDate, validoAl: isoDate });
const toSummary = (row: z.infer<typeof summary>) => ({ id: row.id, name: row.nome, validFrom: row.validoDal, validTo: row.validoAl });

export const priceListsAnswer = z.array(summary).transform((rows) => rows.map(toSummary));

export const priceListAnswer = summary
  .extend({
    stagioni: z.array(z.object({ id, nome: z.string(), nomi, periodi: z.array(z.object({ dal: isoDate, al: isoDate })).min(1) })),
    tipologie: z.array(
      z.object({
        idTipologia: id,
        nome: z.string(),
        nomi,
        tipo: kind,
        maxPersone: z.number().int().positive(),
        prezziNotte: z.array(z.object({ idStagione: id, centesimi: cents })),
      }),
    ),
    tipiPersona: z.array(
      z.object({ idTipoPersona: id, nome: z.string(), nomi, adulto: z.boolean(), quotaPiazzolaNotteCentesimi: cents, pagaTassaSoggiorno: z.boolean() }),
    ),
    mezzi: z.array(z.object({ idMezzo: id, nome: z.string(), nomi, prezzoNotteCentesimi: cents })),
    servizi: z.array(z.object({ idServizio: id, nome: z.string(), nomi, prezzoCentesimi: cents, unita: unit })),
    tassaSoggiornoCentesimi: cents,
  })
  .transform(
    (row): PriceList => ({
      ...toSummary(row),
      seasons: row.stagioni.map((season) => ({ id: season.id, name: season.nome, names: season.nomi, periods: season.periodi.map((p) => ({ from: p.dal, to: p.al })) })),
      typologies: row.tipologie.map((typology) => ({
        typologyId: typology.idTipologia,
        name: typology.nome,
        names: typology.nomi,
        kind: typology.tipo,
        maxPeople: typology.maxPersone,
        nightlyCents: Object.fromEntries(typology.prezziNotte.map((price) => [price.idStagione, price.centesimi])),
      })),
      people: row.tipiPersona.map((type) => ({
        personTypeId: type.idTipoPersona,
        name: type.nome,
        names: type.nomi,
        adult: type.adulto,
        pitchNightlyCents: type.quotaPiazzolaNotteCentesimi,
        paysTouristTax: type.pagaTassaSoggiorno,
      })),
      vehicles: row.mezzi.map((vehicle) => ({ vehicleId: vehicle.idMezzo, name: vehicle.nome, names: vehicle.nomi, nightlyCents: vehicle.prezzoNotteCentesimi })),
      services: row.servizi.map((service) => ({ serviceId: service.idServizio, name: service.nome, names: service.nomi, cents: service.prezzoCentesimi, unit: service.unita })),
      touristTaxCents: row.tassaSoggiornoCentesimi,
    }),
  );

const discount = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('percentuale'), puntiBase: z.number().int().min(0).max(10_000) }),
  z.object({ tipo: z.literal('importo'), centesimi: cents }),
]);

export const offersAnswer = z
  .array(
    z.object({
      id,
      nome: z.string(),
      nomi,
      descrizione: z.string().nullish(),
      sconto: discount,
      soloSuUnita: z.boolean(),
      validoDal: isoDate,
      validoAl: isoDate,
      idTipologie: z.array(id).nullable(),
      nottiMinime: z.number().int().nonnegative(),
    }),
  )
  .transform((rows) =>
    rows.map(
      (row): Offer => ({
        id: row.id,
        name: row.nome,
        names: row.nomi,
        description: row.descrizione ?? '',
        discount: row.sconto.tipo === 'percentuale' ? { basisPoints: row.sconto.puntiBase } : { cents: row.sconto.centesimi },
        onlyOnUnit: row.soloSuUnita,
        validFrom: row.validoDal,
        validTo: row.validoAl,
        typologyIds: row.idTipologie,
        minNights: row.nottiMinime,
      }),
    ),
  );

export const availabilityAnswer = z
  .object({ disponibile: z.boolean(), risorse: z.array(z.object({ id, nome: z.string() })) })
  .transform((row) => ({ available: row.disponibile, resources: row.risorse.map((resource) => ({ id: resource.id, name: resource.nome })) }));

export const bookingAnswer = z
  .object({ annoPratica: z.number().int().min(2000), numeroPratica: id })
  .transform((row) => ({ year: row.annoPratica, number: row.numeroPratica }));

export const usersAnswer = z
  .array(z.object({ id, nome: z.string(), email: z.string() }))
  .transform((rows) => rows.map((row) => ({ id: row.id, name: row.nome, email: row.email })));

export const newsletterListAnswer = z.object({ idLista: id }).transform((row) => ({ listId: row.idLista }));

/** A 4xx answer's body; anything else gets a generic message. */
export const errorAnswer = z.object({ error: z.string().min(1) });
