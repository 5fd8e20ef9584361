import '@mantine/dates/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { GuestFrame } from '@/components/guest/guest-frame';
import { getBookingPlatform } from '@/lib/booking-platform';
import { loadGuestTextOverrides } from '@/lib/campsites/guest-texts';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { TIME_ZONE } from '@/lib/format';
import { findPublicCampsite, languageLinks, loadFormOptions, resolveFormLanguage } from '@/lib/requests/form-options';
import { CampsiteContacts } from './campsite-contacts';
import { clientFormOptions, initialValues } from './client-options';
import { ContactForm } from './contact-form';
import { DatesLocale } from './dates-locale';
import { LanguageSwitch } from './language-switch';
import type { SendRequest } from './types';

/** The route's params: /:idCampeggio, /:idCampeggio/:idLingua, /:idCampeggio/:idLingua/:noFlag. */
export type ContactRouteParams = { idCampeggio: string; rest?: string[] };

/** Once per request for the metadata and the page. Null: no such page (unknown campsite, extra segments). */
const loadPage = cache(async (idCampeggio: string, restKey: string) => {
  const rest = restKey ? restKey.split('/') : [];
  if (rest.length > 2) return null;
  const db = getDb();
  const campsite = await findPublicCampsite(db, idCampeggio);
  if (!campsite) return null;
  const idLingua = rest[0] ?? null;
  const language = await resolveFormLanguage(db, campsite.id, idLingua);
  // The campsite's own wording (Localizzazione) over the form's default texts.
  const texts = await guestTranslator(language.locale, 'guestForm', await loadGuestTextOverrides(db, campsite.id, language.locale, 'guestForm'));
  return { campsite, idLingua, language, noFlag: rest.length === 2, ...texts };
});

const pageOf = (params: ContactRouteParams) => loadPage(params.idCampeggio, (params.rest ?? []).join('/'));

/** A guest page: never indexed, and the campsite's id in the address never leaks to linked sites. */
export async function contactPageMetadata(params: ContactRouteParams): Promise<Metadata> {
  const hidden = { robots: { index: false, follow: false }, referrer: 'no-referrer' } as const;
  const page = await pageOf(params);
  // Refused here, before anything is streamed, the answer keeps its 404 status.
  if (!page) notFound();
  return { ...hidden, title: { absolute: page.t('metaTitle', { campsite: page.campsite.name }) } };
}

type Props = {
  params: ContactRouteParams;
  basePath: '/contattaci' | '/contattaciL';
  /** The server action, bound here to the campsite and the page's language. */
  action: (campsiteId: string, idLingua: string | null, ...rest: Parameters<SendRequest>) => ReturnType<SendRequest>;
};

/** The public contact form of one campsite, in the language of the address (spec section 2). */
export async function ContactPage({ params, basePath, action }: Props) {
  const page = await pageOf(params);
  if (!page) notFound();
  const { campsite, language, idLingua, noFlag, t, messages } = page;
  const { locale } = language;
  const db = getDb();
  const options = await loadFormOptions(db, getBookingPlatform(), campsite);
  const links = noFlag ? [] : await languageLinks(db, options.languages);
  const client = clientFormOptions(options, campsite, locale);
  const send: SendRequest = action.bind(null, campsite.id, idLingua);
  const hrefOf = (languageId: number) => `${basePath}/${encodeURIComponent(campsite.id)}/${languageId}`;

  return (
    <GuestFrame locale={locale}>
      <NextIntlClientProvider locale={locale} timeZone={TIME_ZONE} messages={{ guest: messages.guest, guestForm: messages.guestForm }}>
        <Stack gap="lg">
          <LanguageSwitch links={links} current={locale} hrefOf={hrefOf} label={t('languageSwitch')} />
          <Stack gap={6}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {campsite.name}
            </Title>
            <Title order={2} size="h4" fw={600} c="teal.9">
              {t('heading')}
            </Title>
            <Text>{t('intro')}</Text>
          </Stack>
          <CampsiteContacts
            contacts={campsite.contacts}
            labels={{ title: t('contacts.title'), phone: t('contacts.phone'), whatsapp: t('contacts.whatsapp'), email: t('contacts.email'), address: t('contacts.address'), newTab: t('privacy.newTab') }}
          />
          <DatesLocale locale={locale}>
            <ContactForm options={client} initial={initialValues(options, client, language)} send={send} campsiteName={campsite.name} />
          </DatesLocale>
        </Stack>
      </NextIntlClientProvider>
    </GuestFrame>
  );
}
