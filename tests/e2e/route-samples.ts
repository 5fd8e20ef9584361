import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { GUEST_LOCALES } from '../../lib/i18n/locales';
import { LOGINS } from './support';
import { surveyOfBookedStay } from './survey-rows';

/**
 * Every page of the app, for the accessibility sweep (tests/e2e/axe-sweep.spec.ts): each route
 * pattern, as app/ spells it on disk, maps to the concrete addresses that show it. A page.tsx with
 * no entry here fails the sweep, so a new page is checked the day it is added: add its pattern and
 * one address per state worth seeing (ids come from the demo seed through `SeedIds`).
 */

/** Ids of the demo seed (Lago Azzurro), read through the legacy API and the staff lists. */
export type SeedIds = {
  campsiteId: string;
  contactId: string;
  /** A sent quote with at least one card, and its guest. */
  quote: { id: string; contactId: string; cardId: string };
  /** A guest's request still to answer. */
  request: { id: string; contactId: string };
  booking: { year: number; number: string };
  listId: string;
  templateId: string;
  campaignId: string;
  /** First link of each kind found on the staff lists (mailbox, outbox, traced mails); the demo has no bound mailbox. */
  threadId: string | null;
  outboxId: string | null;
  traceThread: string | null;
  /** A booked stay's survey token (made in the PostgreSQL database; null on PGlite, then an unknown token is swept). */
  surveyToken: string | null;
};

type Samples = (ids: SeedIds) => string[];

/** A seed without that kind of record (the demo has no bound mailbox): nothing to open. */
const ifAny = (id: string | null, path: (id: string) => string) => (id ? [path(id)] : []);

export type SettingsSection = { v: string; role: 'staff' | 'admin' | 'operator' };

/** Every ?v= of /settings as app/(staff)/settings/sections/index.ts declares it, read from disk so a new section is swept too. */
export function settingsSectionsOnDisk(file = join(process.cwd(), 'app/(staff)/settings/sections/index.ts')): SettingsSection[] {
  const found = [...readFileSync(file, 'utf8').matchAll(/^\s+(\w+): \{ titleKey: '\w+', role: '(staff|admin|operator)'/gm)];
  return found.map(([, v, role]) => ({ v, role: role as SettingsSection['role'] }));
}
/** Every tab of a campsite's settings (&tab=), as app/(staff)/settings/sections/campsite-settings.tsx lists them, read from disk so a new tab is swept too. */
export function campsiteTabsOnDisk(file = join(process.cwd(), 'app/(staff)/settings/sections/campsite-settings.tsx')): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\s+\{\s*value: '(\w+)'/gm)].map(([, value]) => value);
}
const settingsSamples = (base: string) => () => settingsSectionsOnDisk().map(({ v }) => `${base}?v=${v}`);
/** Language ids of the contact form: 1 Italian, 2 English, 3 German (lib/i18n/locales.ts). */
const FORM_LANGUAGE_IDS = [1, 2, 3];

export const ROUTE_SAMPLES: Record<string, Samples> = {
  // Login and loader.
  '/login': () => ['/login'],
  '/loader': () => ['/loader'],
  '/loginCV/[uuid]': () => ['/loginCV/00000000-0000-4000-8000-000000000000'],
  '/loginCVL/[uuid]': () => ['/loginCVL/00000000-0000-4000-8000-000000000000'],
  // Guest pages.
  '/contattaci/[idCampeggio]/[[...rest]]': ({ campsiteId }) => [
    `/contattaci/${campsiteId}`,
    ...FORM_LANGUAGE_IDS.map((id) => `/contattaci/${campsiteId}/${id}`),
    // Dutch and French open by their code; old numbers keep the spec's mapping.
    ...GUEST_LOCALES.filter((locale) => locale === 'nl' || locale === 'fr').map((locale) => `/contattaci/${campsiteId}/${locale}`),
    `/contattaci/${campsiteId}/1/1`,
  ],
  '/contattaciL/[idCampeggio]/[[...rest]]': ({ campsiteId }) => [`/contattaciL/${campsiteId}/2`],
  '/mailing/conferma/[token]': () => ['/mailing/conferma/token-non-valido'],
  '/mailing/unsubscribe/[campId]/[userId]/[[...lang]]': ({ campsiteId, contactId }) => [
    `/mailing/unsubscribe/${campsiteId}/${contactId}`,
    ...GUEST_LOCALES.map((lang) => `/mailing/unsubscribe/${campsiteId}/${contactId}/${lang}`),
  ],
  '/sondaggio/[idCampeggio]/[token]': ({ campsiteId, surveyToken }) => [`/sondaggio/${campsiteId}/${surveyToken ?? 'token-non-valido-0000000000'}`],
  '/unsubscribe/[idCampeggio]/[idCliente]': ({ campsiteId, contactId }) => [`/unsubscribe/${campsiteId}/${contactId}`],
  '/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]': ({ quote, campsiteId }) => [`/visualizzaPreventivo/${quote.contactId}/${quote.id}/${campsiteId}`],
  '/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]/[schedaID]': ({ quote, campsiteId }) => [
    `/visualizzaPreventivo/${quote.contactId}/${quote.id}/${campsiteId}/${quote.cardId}`,
  ],
  '/visualizzaPreventivoL/[clienteID]/[idPreventivo]/[idCampeggio]': ({ quote, campsiteId }) => [`/visualizzaPreventivoL/${quote.contactId}/${quote.id}/${campsiteId}`],
  '/visualizzaPreventivoL/[clienteID]/[idPreventivo]/[idCampeggio]/[schedaID]': ({ quote, campsiteId }) => [
    `/visualizzaPreventivoL/${quote.contactId}/${quote.id}/${campsiteId}/${quote.cardId}`,
  ],
  // Staff pages.
  '/': () => ['/'],
  '/home': () => ['/home'],
  '/dashboard': () => ['/dashboard'],
  '/dashboard/opinioni': () => ['/dashboard/opinioni', '/dashboard/opinioni?bassi=1'],
  '/aiuto': () => ['/aiuto'],
  '/clienti': () => ['/clienti'],
  '/clienti/nuovo': () => ['/clienti/nuovo'],
  '/clienti/importa': () => ['/clienti/importa'],
  '/clienti/[clienteID]': ({ contactId }) => [`/clienti/${contactId}`],
  '/clienti/[clienteID]/modifica': ({ contactId }) => [`/clienti/${contactId}/modifica`],
  '/crea-preventivo': ({ contactId }) => ['/crea-preventivo', `/crea-preventivo?cliente=${contactId}`],
  '/crea-preventivo/preview/[idCliente]/[idPreventivo]': ({ quote }) => [`/crea-preventivo/preview/${quote.contactId}/${quote.id}`],
  // The preview with the quote mail's dialog open (the old :mailPreview segment).
  '/crea-preventivo/preview/[idCliente]/[idPreventivo]/[mailPreview]': ({ quote }) => [`/crea-preventivo/preview/${quote.contactId}/${quote.id}/true`],
  // Old links (either order of the ids, the edit child): each redirects to the page it names.
  '/crea-preventivo/[...legacy]': ({ quote }) => [
    `/crea-preventivo/${quote.id}/${quote.contactId}`,
    `/crea-preventivo/${quote.contactId}/${quote.id}`,
    `/crea-preventivo/${quote.id}/${quote.contactId}/edit/${quote.contactId}`,
  ],
  '/crea-preventivo/preview/[idCliente]/[idPreventivo]/scheda/[schedaID]': ({ quote }) => [
    `/crea-preventivo/preview/${quote.contactId}/${quote.id}/scheda/${quote.cardId}`,
  ],
  '/preventivi': () => ['/preventivi', '/preventivi?vista=bacheca'],
  '/preventivi/[idPreventivo]': ({ quote }) => [`/preventivi/${quote.id}`],
  '/preventivi/[idPreventivo]/stepsPrenotazione': ({ quote }) => [`/preventivi/${quote.id}/stepsPrenotazione`],
  '/preventivi/[idPreventivo]/[idCliente]': ({ quote }) => [`/preventivi/${quote.id}/${quote.contactId}`],
  '/preventivi/[idPreventivo]/[idCliente]/[schedaID]': ({ quote }) => [`/preventivi/${quote.id}/${quote.contactId}/${quote.cardId}`],
  '/preventivi/[idPreventivo]/[idCliente]/stepsPrenotazione': ({ quote }) => [`/preventivi/${quote.id}/${quote.contactId}/stepsPrenotazione`],
  '/preventivo/edit/[preventivoID]': ({ quote }) => [`/preventivo/edit/${quote.id}`],
  '/richieste': () => ['/richieste'],
  '/richieste/preview/[idPreventivo]': ({ request }) => [`/richieste/preview/${request.id}`],
  '/richieste/preview/[idPreventivo]/[clienteID]': ({ request }) => [`/richieste/preview/${request.id}/${request.contactId}`],
  '/richieste/refuse/[idPreventivo]': ({ request }) => [`/richieste/refuse/${request.id}`],
  '/mail': () => ['/mail', '/mail?cartella=uscita'],
  '/mail/nuova': () => ['/mail/nuova'],
  '/mail/conversazione/[id]': ({ threadId }) => ifAny(threadId, (id) => `/mail/conversazione/${id}`),
  '/mail/uscita/[id]': ({ outboxId }) => ifAny(outboxId, (id) => `/mail/uscita/${id}`),
  '/tracciaMail/[thread]': ({ traceThread }) => ifAny(traceThread, (id) => `/tracciaMail/${encodeURIComponent(id)}`),
  '/prossimiInvii': () => ['/prossimiInvii', '/prossimiInvii?giorni=30', '/prossimiInvii?vista=registro'],
  '/emailCV': () => ['/emailCV'],
  '/emailCVL': () => ['/emailCVL'],
  '/clientMailCV/[[...pratica]]': ({ booking }) => ['/clientMailCV', `/clientMailCV/${booking.year}/${booking.number}`],
  '/manageGmail': () => ['/manageGmail'],
  '/mailing': () => ['/mailing'],
  '/mailing/consensi': () => ['/mailing/consensi'],
  '/mailing/[listId]': ({ listId }) => [`/mailing/${listId}`],
  '/mailing/edit/[id]': ({ listId }) => [`/mailing/edit/${listId}`],
  '/mailing/newsletter/[id]': ({ campaignId }) => [`/mailing/newsletter/${campaignId}`],
  '/stepsMailing': () => ['/stepsMailing'],
  '/templateDashboard': () => ['/templateDashboard'],
  '/templator/[[...id]]': ({ templateId }) => ['/templator', `/templator/${templateId}`],
  '/imageManager': () => ['/imageManager'],
  '/fileupload': () => ['/fileupload'],
  '/settings': settingsSamples('/settings'),
  '/settingsL': settingsSamples('/settingsL'),
  '/settings/mailCV': () => ['/settings/mailCV'],
  '/settings/mailCVL': () => ['/settings/mailCVL'],
};

/** The page that any unknown address shows. */
export const NOT_FOUND_SAMPLE = '/questa-pagina-non-esiste';

/** Every route pattern of app/: one per page.tsx, route groups "(…)" dropped, dynamic segments kept. */
export function routePatternsOnDisk(appDir = join(process.cwd(), 'app')): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'page.tsx') {
        const segments = relative(appDir, dir).split(sep).filter((segment) => segment && !/^\(.*\)$/.test(segment));
        found.push(`/${segments.join('/')}`);
      }
    }
  };
  walk(appDir);
  return found.sort();
}

/** The id in the first link to `prefix` on a staff list, or null when the list is empty in this seed. */
async function firstHref(page: Page, path: string, prefix: string): Promise<string | null> {
  await page.goto(path);
  await page.locator('main').waitFor();
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute('href', { timeout: 2_000 }).catch(() => null);
  return href ? decodeURIComponent(href.slice(prefix.length).split(/[?#/]/)[0]) : null;
}

/** Reads the seed's ids: the legacy API for the records, the staff lists (as admin, `page` logged in) for the mails. */
export async function loadSeedIds(request: APIRequestContext, page: Page): Promise<SeedIds> {
  const login = await request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { camping: string } };
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: object = {}) => {
    const answer = await request.post(`/api${path}`, { headers, data });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
    return (await answer.json()) as T;
  };
  type Quote = { _id: string; contact: string; schede: { _id: string }[]; annoPratica: number | null; numeroPratica: string | null };
  const sent = (await post<Quote[]>('/quoteQuery', { progress: 'inviato' })).find((quote) => quote.schede.length > 0);
  const [request_] = await post<Quote[]>('/quoteQuery', { progress: 'richiesta' });
  const booked = (await post<Quote[]>('/quoteQuery', { progress: 'convertito' })).find((quote) => quote.annoPratica && quote.numeroPratica);
  const [list] = await post<{ _id: string }[]>('/getList/all');
  const [template] = await post<{ _id: string }[]>('/getTemplate/all');
  const found = { sent, request: request_, booked, list, template };
  const absent = Object.entries(found).filter(([, value]) => !value);
  if (absent.length || !sent || !request_ || !booked || !list || !template) throw new Error(`Dati demo senza ${absent.map(([name]) => name).join(', ')}`);
  // The demo seed has no newsletter: a draft one, so its page is swept too.
  if (!(await post<unknown[]>('/getCampaigns/all')).length) await post('/addCampaign', { subject: 'Giro di accessibilità', html: '<p>Ciao</p>', list: list._id });
  const [campaign] = await post<{ _id: string }[]>('/getCampaigns/all');
  // Nor a mail sent by the staff: one, captured in the outbox with its trace, so both pages are swept.
  let outboxId = await firstHref(page, '/mail?cartella=uscita', '/mail/uscita/');
  let traceThread = await firstHref(page, '/emailCV', '/tracciaMail/');
  if (!outboxId || !traceThread) {
    const mail = await post<{ thread: string }>('/sendMail', { to: ['giro.accessibilita@example.com'], subject: 'Giro di accessibilità', html: '<p>Ciao</p>', cliente: sent.contact });
    outboxId ??= await firstHref(page, '/mail?cartella=uscita', '/mail/uscita/');
    traceThread ??= mail.thread;
  }
  return {
    campsiteId: user.camping,
    contactId: sent.contact,
    quote: { id: sent._id, contactId: sent.contact, cardId: sent.schede[0]._id },
    request: { id: request_._id, contactId: request_.contact },
    booking: { year: booked.annoPratica!, number: booked.numeroPratica! },
    listId: list._id,
    templateId: template._id,
    campaignId: campaign._id,
    threadId: await firstHref(page, '/mail', '/mail/conversazione/'),
    outboxId,
    traceThread,
    surveyToken: (await surveyOfBookedStay(user.camping).catch(() => null))?.token ?? null,
  };
}
