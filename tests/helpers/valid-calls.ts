import { randomBytes } from 'node:crypto';
import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { TEST_PASSWORD } from './fixtures';
import { DEMO_TYPOLOGY, fieldValue, type NamedRows } from './legacy-rows';
import { toJsonSchema } from './json-schema';
import { minimalBody } from './valid-input';

/** What valid calls name besides the campsite's rows: the user of userId (by e-mail too), a one-time login, a bookable resource, an image. */
export type CallWorld = NamedRows & { userEmail: string; campsiteName?: string; loginToken?: string; resource?: string; pngBase64: string };

export const NEW_PASSWORD = 'Nuova-password-2026';

const label = (route: Endpoint) => `${route.method} ${route.path}`;
const email = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@prova.test`;

/** Bodies the schema alone cannot give: the ids or values a call needs to succeed. */
const BODIES: Record<string, (world: CallWorld) => Record<string, unknown>> = {
  'POST /users/login': (world) => ({ email: world.userEmail, password: TEST_PASSWORD }),
  'POST /users/loginToken': (world) => ({ uuid: world.loginToken }),
  'POST /users/createLoginToken': (world) => ({ email: world.userEmail }),
  'POST /users/loadUserParameters': (world) => ({ email: world.userEmail }),
  'POST /users/showDashboard': (world) => ({ email: world.userEmail }),
  'POST /users': () => ({ email: email('nuovo'), password: 'Password-nuova-2026' }),
  'POST /editPassword/{userID}': () => ({ password: NEW_PASSWORD, oldPassword: TEST_PASSWORD }),
  'POST /addContact': () => ({ nome: 'Luigi', email: email('luigi') }),
  'POST /editContact/{id}': () => ({ nome: 'Luigi' }),
  'POST /contactQuery': () => ({ email: 'mario' }),
  'POST /addQuote': (world) => ({ contact: world.rows.contact, name: 'Preventivo nuovo' }),
  'POST /editQuote/{id}': (world) => ({ contact: world.rows.contact, name: 'Preventivo modificato' }),
  'POST /editQuoteNoDate/{id}': (world) => ({ contact: world.rows.contact, name: 'Preventivo modificato' }),
  'POST /richiestaDisp/{idPrev}': () => ({ idx: 0 }),
  'POST /inserisciPrenotazione/{idPrev}': (world) => ({ risorse: [world.resource], idx: 0 }),
  'POST /addQuoteCamp': (world) => ({
    camp: world.campsiteId,
    payload: { nome: 'Anna', cognome: 'Bianchi', email: email('anna'), arrivo: '2027-07-10', partenza: '2027-07-15', adulti: 2, privacy: true },
  }),
  'POST /addContactList/{idLista}': (world) => ({ idContatti: [world.rows.contact] }),
  'POST /deleteContactList/{idLista}': (world) => ({ idContatto: world.rows.contact }),
  'POST /addTemplate': () => ({ name: 'Modello nuovo', html: '<p>Ciao</p>' }),
  'POST /editTemplate/{id}': () => ({ name: 'Modello modificato', html: '<p>Ciao</p>' }),
  'POST /addBozza': () => ({ oggetto: 'Bozza nuova' }),
  'POST /editBozza/{id}': () => ({ oggetto: 'Bozza modificata' }),
  'POST /queryConfig': () => ({ group: 'emailInvioPreventivi' }),
  'POST /setCamping/orari': () => ({ orario: '08:00', checkin: [{ from: '10:00', to: '12:00' }], checkout: [{ from: '08:00', to: '10:00' }], note: 'Nota' }),
  'POST /setCamping/occupazione': () => ({ occupazione: [{ soglia: 0, colore: 'red', etichetta: 'Pieno' }, { soglia: 40, colore: 'green', etichetta: 'Libero' }] }),
  'POST /setCamping/lingue': () => ({ lingue: [{ idLingua: 2 }] }),
  'POST /setLocalization': () => ({ localization: { en: { 'guestForm.heading': 'Ask us' } } }),
  'POST /editCamping/{id}': () => ({ urlToCV: 'https://lago.example', personalizedTags: [{ name: 'VIP', color: '#ff0000' }] }),
  'POST /sendMail': (world) => ({ emails: ['ospite@prova.test'], object: 'Conferma', body: '<p>Ciao</p>', cliente: world.rows.contact }),
  'POST /sendMailCV': (world) => ({ emails: ['ospite@prova.test'], object: 'Conferma', body: '<p>Ciao</p>', cliente: world.rows.contact }),
  'POST /sendNewsletter': (world) => ({ lista: world.rows.list, object: 'Novità', body: '<p>Ciao</p>' }),
  'POST /gmail/sendEmail': () => ({ to: ['ospite@prova.test'], subject: 'Ciao', html: '<p>Ciao</p>' }),
  'POST /addCampaign': (world) => ({ subject: 'Novità', list: world.rows.list, html: '<p>Ciao</p>' }),
  'POST /newsletterSubscription': (world) => ({ cliente: world.rows.contact, iscritto: true }),
  'POST /tracciaMail/addMail': (world) => ({ emails: ['ospite@prova.test'], object: 'Domanda', body: 'Ciao', cliente: world.rows.contact, thread: 'thread-prova' }),
  'POST /allegati/addAllegato': (world) => ({ data: Buffer.from('ciao').toString('base64'), fileName: 'nota.txt', mimeType: 'text/plain', idPreventivo: world.rows.quote }),
  'POST /addImage': (world) => ({ data: world.pngBase64, name: 'nuova.png' }),
  'POST /deleteCamping/{id}': (world) => ({ name: world.campsiteName }),
  'POST /deleteUpdate': (world) => ({ id: world.update }),
  'POST /addCamping': () => ({ name: 'Campeggio nuovo', email: email('titolare'), password: 'Password-nuova-2026' }),
  'POST /addTypologyCategory': () => ({ idTipologia: DEMO_TYPOLOGY, categories: ['Vista lago'] }),
  'POST /addDescription': () => ({ idTipologia: DEMO_TYPOLOGY, idLingua: 1, descrizione: 'Piazzola ombreggiata' }),
};

/** The route's path with every parameter naming a real row of the world. */
export function validPath(route: Endpoint, world: CallWorld): string {
  return route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(String(fieldValue(route, name, world) ?? world.rows.contact)));
}

/**
 * A body the call accepts and can act on: its own here if it has one, else the smallest its schema
 * accepts with every field that names a row set to the world's. A route added later gets one the same way.
 */
export function validBody(route: Endpoint, world: CallWorld): Record<string, unknown> | undefined {
  if (route.method !== 'POST' || !route.body) return undefined;
  const own = BODIES[label(route)];
  if (own) return own(world);
  const body = (minimalBody(route) ?? {}) as Record<string, unknown>;
  // A body's own "id" is left out: where optional (getListino) it means "the current one".
  for (const key of Object.keys(toJsonSchema(route.body).properties ?? {}).filter((name) => name !== 'id')) {
    const value = fieldValue(route, key, world);
    if (value !== undefined) body[key] = value;
  }
  return body;
}

/** The keys of the body that the call's schema reads. */
export const declaredKeys = (route: Endpoint) => Object.keys((route.body && toJsonSchema(route.body).properties) ?? {});
