import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '@/db/client';
import { pngWithAlpha } from './images';
import { callApi, type Dispatch } from './legacy-api';

/** A pitch stay of the demo catalogue (Lago Azzurro), in the legacy field names. */
export const PITCH_SCHEDA = { tipologia: 'LA-PZ-STD', arrivo: '2027-06-28', partenza: '2027-07-03', persone: [{ id: 'LA-ADULTO', quantita: 2 }] };

export type CampsiteRows = Record<'contact' | 'quote' | 'sentQuote' | 'list' | 'template' | 'draft' | 'config' | 'image', string>;

async function create(dispatch: Dispatch, token: string, path: string, body: unknown): Promise<string> {
  const answer = await callApi(dispatch, 'POST', path, { token, body });
  expect(answer.status, `${path} ${answer.text}`).toBe(200);
  const json = answer.json as { _id?: string; id?: string };
  return (json._id ?? json.id)!;
}

/**
 * One row of each kind a call can name, made through the API by the campsite's admin (token): a
 * contact, a quote open for booking and one already sent, an image, a list with the contact in it,
 * a template, a draft, a configuration.
 */
export async function makeCampsiteRows(db: Database, dispatch: Dispatch, token: string): Promise<CampsiteRows> {
  const make = (path: string, body: unknown) => create(dispatch, token, path, body);
  const contact = await make('/addContact', { nome: 'Mario', cognome: 'Rossi', email: `mario-${randomBytes(4).toString('hex')}@prova.test` });
  const sentQuote = await make('/addQuote', { contact, name: 'Già inviato', progress: 'nuovo', schede: [PITCH_SCHEDA] });
  // Sent to the guest, as the mail flow would mark it: only then can the guest accept it.
  await db.execute(sql`update quotes set progress = 'inviato' where id = ${sentQuote}`);
  const list = await make('/addlist', { nome: 'Ospiti fedeli' });
  const joined = await callApi(dispatch, 'POST', `/addContactList/${list}`, { token, body: { idContatti: [contact] } });
  expect(joined.status, joined.text).toBe(200);
  return {
    contact,
    list,
    quote: await make('/addQuote', { contact, name: 'Estate al lago', progress: 'nuovo', schede: [PITCH_SCHEDA] }),
    sentQuote,
    image: await make('/addImage', { data: (await pngWithAlpha()).toString('base64'), name: 'piazzola.png' }),
    template: await make('/addTemplate', { name: 'Benvenuto', html: '<p>Ciao</p>' }),
    draft: await make('/addBozza', { oggetto: 'Novità di stagione' }),
    config: await make('/addConfig', { group: 'emailInvioPreventivi', option: { oggetto: 'Il tuo preventivo' } }),
  };
}

/** Creates a row through a call as the given token and returns its id (_id or id). */
export const createViaApi = create;

/** What a call may name: the campsite, a user of it, its rows, and the few that only some calls make (a product update, a newsletter). */
export type NamedRows = {
  campsiteId: string;
  userId: string;
  rows: CampsiteRows;
  update?: string;
  campaign?: string;
  notification?: string;
  attachment?: string;
  mailUuid?: string;
};

/** A typology and a language of the demo catalogue, for the image descriptions and categories. */
export const DEMO_TYPOLOGY = 'LA-PZ-STD';

/**
 * The value a path parameter or body field of that name needs to reach a real row of the
 * campsite, read from the call's own words; undefined when the name is not an id this knows.
 */
export function fieldValue(route: { path: string }, name: string, named: NamedRows): unknown {
  const { rows } = named;
  const path = route.path.toLowerCase();
  if (['comp', 'value'].includes(name)) return 'mese';
  if (name === 'idx') return '0';
  if (name === 'thread') return 'thread-prova';
  if (name === 'custCamp') return named.campaign;
  if (name === 'group' && /noauth|camp$/.test(path)) return 'formContatti';
  if (name === 'viewed') return named.update;
  if (name === 'idContatti') return [rows.contact];
  if (name === 'idTipologia') return DEMO_TYPOLOGY;
  if (name === 'idLingua') return 1;
  if (name === 'uuid' && path.includes('markuuid')) return named.mailUuid;
  if (/^(camp|idCamp|camping|idCamping|campsite)$/.test(name)) return named.campsiteId;
  if (/^(cliente|client|contact|idContatto)$/.test(name)) return rows.contact;
  if (/^(idLista|idList|lista|list)$/.test(name)) return rows.list;
  if (/^(idPrev|idPreventivo)$/.test(name)) return path.includes('accetta') ? rows.sentQuote : rows.quote;
  if (name === 'userID') return named.userId;
  if (name !== 'id') return undefined;
  if (/camping/.test(path)) return named.campsiteId;
  if (/notification/.test(path)) return named.notification;
  if (/deleteallegato/.test(path)) return named.attachment;
  if (/allegat/.test(path)) return rows.quote;
  if (/campaign/.test(path)) return named.campaign;
  if (/quote|attempt/.test(path)) return rows.quote;
  if (/list/.test(path)) return rows.list;
  if (/contact/.test(path)) return rows.contact;
  if (/template/.test(path)) return rows.template;
  if (/bozza/.test(path)) return rows.draft;
  if (/config|option/.test(path)) return rows.config;
  if (/image/.test(path)) return rows.image;
  if (/user/.test(path)) return named.userId;
  return rows.contact;
}
