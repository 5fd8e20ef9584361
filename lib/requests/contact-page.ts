import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { getBookingPlatform } from '@/lib/booking-platform';
import { loadGuestTextOverrides } from '@/lib/campsites/guest-texts';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { campsiteLanguageList, findPublicCampsite, languageLinks, loadFormOptions, resolveFormLanguage } from './form-options';

/** The route's params: /:idCampeggio, /:idCampeggio/:idLingua, /:idCampeggio/:idLingua/:noFlag. */
export type ContactRouteParams = { idCampeggio: string; rest?: string[] };

/** The page's reads for the campsite its address names, on the shared handle: no transaction is held while the booking platform answers. */
const guestContext = (campsiteId: string) => campsiteContext({ kind: 'guest', campsiteId }, getDb());

/** Once per request for the metadata and the page. Null: no such page (unknown campsite, extra segments). */
const loadPage = cache(async (idCampeggio: string, restKey: string) => {
  const rest = restKey ? restKey.split('/') : [];
  if (rest.length > 2) return null;
  const db = getDb();
  const campsite = await findPublicCampsite(db, idCampeggio);
  if (!campsite) return null;
  const idLingua = rest[0] ?? null;
  const language = await resolveFormLanguage(guestContext(campsite.id), idLingua);
  // The campsite's own wording (Localizzazione) over the form's default texts.
  const texts = await guestTranslator(language.locale, 'guestForm', await loadGuestTextOverrides(campsiteContext({ kind: 'guest', campsiteId: campsite.id }, db), language.locale, 'guestForm'));
  return { campsite, idLingua, language, noFlag: rest.length === 2, ...texts };
});

const pageOf = (params: ContactRouteParams) => loadPage(params.idCampeggio, (params.rest ?? []).join('/'));

/** A guest page: never indexed, and the campsite's id in the address never leaks to linked sites. */
export async function contactPageMetadata(params: ContactRouteParams, onMissing?: () => Promise<void>): Promise<Metadata> {
  const hidden = { robots: { index: false, follow: false }, referrer: 'no-referrer' } as const;
  const page = await pageOf(params);
  // Refused here, before anything is streamed, the answer keeps its 404 status (or its redirect).
  if (!page) {
    await onMissing?.();
    notFound();
  }
  return { ...hidden, title: { absolute: page.t('metaTitle', { campsite: page.campsite.name }) } };
}

/** Everything the contact form's page shows (spec section 2), or the 404 page. */
export async function loadContactPage(params: ContactRouteParams, onMissing?: () => Promise<void>) {
  const page = await pageOf(params);
  if (!page) {
    await onMissing?.();
    notFound();
  }
  const ctx = guestContext(page.campsite.id);
  const options = await loadFormOptions(ctx, getBookingPlatform(), page.campsite, page.language.languageId);
  // The campsite's own languages order the switch, the same on every page whatever the page added.
  const links = page.noFlag ? [] : languageLinks(await campsiteLanguageList(ctx));
  return { ...page, options, links };
}

export type ContactPageData = Awaited<ReturnType<typeof loadContactPage>>;
