import { permanentRedirect } from 'next/navigation';
import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { runSystemWork } from '@/lib/context/unit-of-work';

/** The kinds whose ids travel in guest links, as legacy_id_map names them. */
export type LinkIds = { campeggio?: string; contatti?: string; preventivi?: string; schede?: string };

/**
 * The ids here of a guest link's old ids, when an import from the old CRM had to give any of them
 * a new one (the old campsite imported into an existing campsite, an old id taken here); null when
 * none was. Asked only on the way to a 404, so a working link never pays for it.
 */
export async function importedLinkIds(old: LinkIds): Promise<LinkIds | null> {
  const asked = Object.entries(old).filter((entry): entry is [keyof LinkIds, string] => typeof entry[1] === 'string' && entry[1].length > 0 && entry[1].length <= 100);
  if (!asked.length) return null;
  // Before any campsite is known: the definer function answers these ids only.
  const rows = await runSystemWork('old CRM link', async ({ db }) =>
    resultRows<{ kind: keyof LinkIds; new_id: string }>(
      await db.execute(
        sql`${sql.join(
          asked.map(([kind, id]) => sql`select ${kind}::text as kind, new_id from crm_legacy_new_ids(${kind}, array[${id}]::text[])`),
          sql` union all `,
        )}`,
      ),
    ),
  );
  if (!rows.length) return null;
  const found: LinkIds = { ...old };
  for (const row of rows) found[row.kind] = row.new_id;
  return found;
}

/** Sends the guest on to the link's address here (308), if an import renamed any of its ids; else returns. */
export async function redirectImportedLink(old: LinkIds, addressOf: (ids: LinkIds) => string): Promise<void> {
  const found = await importedLinkIds(old);
  if (found) permanentRedirect(addressOf(found));
}

const part = (id: string | undefined) => encodeURIComponent(id ?? '');

/** The mini-site's address (and one offer's) with the ids an import gave. */
export const quoteLinkRedirect = (params: { clienteID: string; idPreventivo: string; idCampeggio: string; schedaID?: string }, suffix = '') => () =>
  redirectImportedLink(
    { campeggio: params.idCampeggio, contatti: params.clienteID, preventivi: params.idPreventivo, schede: params.schedaID },
    (ids) => `/visualizzaPreventivo/${part(ids.contatti)}/${part(ids.preventivi)}/${part(ids.campeggio)}${ids.schede ? `/${part(ids.schede)}` : ''}${suffix}`,
  );

/** An unsubscribe address (/unsubscribe or /mailing/unsubscribe) with the ids an import gave. */
export const unsubscribeLinkRedirect = (base: string, ids: { campsiteId: string; contactId: string }, rest: string[] = []) => () =>
  redirectImportedLink({ campeggio: ids.campsiteId, contatti: ids.contactId }, (found) => [base, part(found.campeggio), part(found.contatti), ...rest.map(part)].join('/'));

/** The contact form's address with the campsite id an import gave, its language and flag parts kept. */
export const contactLinkRedirect = (base: string, params: { idCampeggio: string; rest?: string[] }) => () =>
  redirectImportedLink({ campeggio: params.idCampeggio }, (found) => [base, part(found.campeggio), ...(params.rest ?? []).map(part)].join('/'));
