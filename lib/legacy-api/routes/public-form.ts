import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campsites } from '@/db/schema';
import { getBookingPlatform, type BookingPlatform } from '@/lib/booking-platform';
import { sortPersonTypes } from '@/lib/booking-platform/types';
import { AppError } from '@/lib/errors';
import { DEFAULT_FORM_FIELDS } from '@/lib/vocabulary/request-fields';
import { campsiteLanguageList, findPublicCampsite, nationList, resolveFormLanguage, type PublicCampsite } from '@/lib/requests/form-options';
import { submitRequest } from '@/lib/requests/service';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { guestContextOf } from '../guest-context';

/**
 * The calls the public contact form makes without a login. The campsite is named by its (random,
 * unguessable) id in the body; every answer is that campsite's guest-facing data and nothing else.
 */

const campId = z.string('Indica il campeggio').trim().min(1, 'Indica il campeggio').max(100, 'Campeggio non valido');
const campBody = z.object({ camp: campId });
const named = z.array(z.object({ id: z.string(), nome: z.string() }).loose());

async function campsiteOr404(db: Database, id: string): Promise<PublicCampsite> {
  const campsite = await findPublicCampsite(db, id);
  if (!campsite) throw new AppError('not_found', 'Campeggio non trovato.');
  return campsite;
}

type Catalogue = { path: string; summary: string; read: (platform: BookingPlatform, camp: string | null) => Promise<unknown> };

const catalogue: Catalogue[] = [
  {
    path: '/cv/api/tipologieCamp',
    summary: 'Le tipologie di alloggio del campeggio, con l’indicazione di quelle prenotabili online.',
    read: async (platform, camp) =>
      (await platform.typologies(camp)).map((t) => ({ id: t.id, nome: t.name, tipo: t.kind, maxPersone: t.maxPeople, prenotabileOnline: t.bookableOnline })),
  },
  {
    path: '/cv/api/tipiPersonaCamp',
    summary: 'I tipi di ospite del campeggio, ordinati per «ordinamento» decrescente.',
    read: async (platform, camp) =>
      sortPersonTypes(await platform.personTypes(camp)).map((p) => ({ id: p.id, nome: p.name, ordinamento: p.ordinamento, etaMin: p.minAge, etaMax: p.maxAge })),
  },
  {
    path: '/cv/api/mezziCamp',
    summary: 'I mezzi (auto, camper, moto) del campeggio.',
    read: async (platform, camp) => (await platform.vehicles(camp)).map((v) => ({ id: v.id, nome: v.name })),
  },
  {
    path: '/cv/api/serviziCamp',
    summary: 'I servizi aggiuntivi del campeggio.',
    read: async (platform, camp) => (await platform.services(camp)).map((s) => ({ id: s.id, nome: s.name, unita: s.unit })),
  },
  {
    path: '/cv/api/serviziFormCamp',
    summary: 'I servizi che il modulo contatti può proporre all’ospite.',
    read: async (platform, camp) => (await platform.services(camp)).map((s) => ({ id: s.id, nome: s.name, unita: s.unit })),
  },
];

const languageShape = (language: { id: number; name: string; code: string; phonePrefix: string }) => ({
  idLingua: language.id,
  nomeLingua: language.name,
  codice: language.code,
  prefisso: language.phonePrefix,
});

/**
 * Configuration groups a guest page may read, and how each is built. Anything else (the
 * quote-sending settings, mailing keys, …) is not public and answers 404 as if it did not exist.
 */
const PUBLIC_CONFIG_GROUPS: Record<string, (db: Database, campsite: PublicCampsite) => Promise<Record<string, unknown>>> = {
  formContatti: async (_db, campsite) => {
    const fields = campsite.contactFormFields?.length ? campsite.contactFormFields : DEFAULT_FORM_FIELDS;
    // The e-mail is always asked for (lib/requests/fields.ts): say so to the legacy form too.
    return { campiFormContatti: fields.map((field) => (field.field === 'email' ? { ...field, visible: true, required: true } : field)) };
  },
  contatti: async (_db, campsite) => ({ ...(campsite.contacts ?? {}) }),
  orari: async (db, campsite) => {
    const [row] = await db.select({ hours: campsites.openingHours }).from(campsites).where(eq(campsites.id, campsite.id));
    return { ...(row?.hours ?? {}) };
  },
};

const configRoute = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    auth: 'public',
    group: 'administration',
    summary: `Legge un gruppo di configurazione pubblico del campeggio (${Object.keys(PUBLIC_CONFIG_GROUPS).join(', ')}); gli altri gruppi rispondono 404.`,
    body: z.object({ camp: campId, group: z.string('Indica il gruppo').trim().min(1, 'Indica il gruppo').max(100, 'Gruppo non valido') }),
    response: z.array(z.object({ camping: z.string(), group: z.string(), option: z.record(z.string(), z.unknown()) })),
    handler: async ({ db }, { body }) => {
      const read = Object.hasOwn(PUBLIC_CONFIG_GROUPS, body.group) ? PUBLIC_CONFIG_GROUPS[body.group] : undefined;
      const campsite = await campsiteOr404(db, body.camp);
      if (!read) throw new AppError('not_found', 'Configurazione non trovata.');
      return [{ camping: campsite.id, group: body.group, option: await read(db, campsite) }];
    },
  });

export const publicFormRoutes = [
  endpoint({
    method: 'POST',
    path: '/addQuoteCamp',
    auth: 'public',
    group: 'quotes',
    summary:
      'Richiesta di preventivo dal modulo contatti pubblico: crea o aggiorna il contatto (stessa e-mail), apre un preventivo «richiesta» e avvisa lo staff. ' +
      'I messaggi sono nella lingua del modulo (payload.idLingua). ' +
      'Con payload.newsletter: true parte il doppio opt-in: l’e-mail di conferma della newsletter, con il testo della casella come consenso.',
    body: z.object({ camp: campId, payload: z.record(z.string(), z.unknown(), 'Il payload deve essere un oggetto') }),
    response: z.object({ ok: z.literal(true) }),
    handler: async (ctx, { body }) => {
      const campsite = await campsiteOr404(ctx.db, body.camp);
      const guest = guestContextOf(ctx, campsite.id);
      const idLingua = body.payload.idLingua;
      const language = await resolveFormLanguage(guest, typeof idLingua === 'number' || typeof idLingua === 'string' ? idLingua : undefined);
      const outcome = await submitRequest(guest, getBookingPlatform(), campsite, { values: body.payload, language, origin: ctx.origin }, ctx.client);
      if (outcome.ok) return { ok: true };
      if (outcome.reason === 'rate_limited') throw new AppError('rate_limited', outcome.message);
      throw new AppError('bad_request', outcome.message, { fieldErrors: outcome.fieldErrors });
    },
  }),
  ...catalogue.map(({ path, summary, read }) =>
    endpoint({
      method: 'POST',
      path,
      auth: 'public',
      group: 'quotes',
      summary,
      body: campBody,
      response: named,
      handler: async ({ db }, { body }) => read(getBookingPlatform(), (await campsiteOr404(db, body.camp)).platformCampId),
    }),
  ),
  endpoint({
    method: 'POST',
    path: '/getCamping/lingueNoAuth',
    auth: 'public',
    group: 'campsite-settings',
    summary: 'Le lingue che il campeggio offre agli ospiti, nel suo ordine, con il prefisso telefonico.',
    body: campBody,
    response: z.array(z.object({ idLingua: z.number(), nomeLingua: z.string(), codice: z.string(), prefisso: z.string() })),
    handler: async (ctx, { body }) => (await campsiteLanguageList(guestContextOf(ctx, (await campsiteOr404(ctx.db, body.camp)).id))).map(languageShape),
  }),
  endpoint({
    method: 'POST',
    path: '/getCampingSettings/getNazioniELingueNoAuth',
    auth: 'public',
    group: 'campsite-settings',
    summary: 'Le nazioni con il prefisso telefonico e le lingue; con «camp», le lingue di quel campeggio.',
    body: z.object({ camp: campId.optional() }),
    response: z.object({ nazioni: z.array(z.record(z.string(), z.unknown())), lingue: z.array(z.record(z.string(), z.unknown())) }),
    handler: async (ctx, { body }) => {
      const { db } = ctx;
      const campsite = body.camp ? await campsiteOr404(db, body.camp) : null;
      const nations = await nationList(db);
      const languageRows = campsite ? await campsiteLanguageList(guestContextOf(ctx, campsite.id)) : await db.query.languages.findMany({ orderBy: (l, { asc }) => [asc(l.id)] });
      return {
        nazioni: nations.map((nation) => ({ idNazione: nation.id, nomeNazione: nation.name, iso: nation.isoCode, prefisso: nation.phonePrefix })),
        lingue: languageRows.map(languageShape),
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getLocalization/{campsite}',
    auth: 'public',
    group: 'campsite-settings',
    summary: 'I testi delle pagine ospite che il campeggio ha personalizzato, per codice lingua.',
    params: z.object({ campsite: campId }),
    response: z.record(z.string(), z.record(z.string(), z.string())),
    handler: async ({ db }, { params }) => {
      const campsite = await campsiteOr404(db, params.campsite);
      const [row] = await db.select({ localization: campsites.localization }).from(campsites).where(eq(campsites.id, campsite.id));
      return row?.localization ?? {};
    },
  }),
  configRoute('/queryConfigNoAuth'),
  configRoute('/queryConfigCamp'),
];
