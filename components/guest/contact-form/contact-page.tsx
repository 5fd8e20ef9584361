import '@mantine/dates/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { NextIntlClientProvider } from 'next-intl';
import { GuestFrame } from '@/components/guest/guest-frame';
import { TIME_ZONE } from '@/lib/format';
import type { ContactPageData } from '@/lib/requests/contact-page';
import { CampsiteContacts } from './campsite-contacts';
import { clientFormOptions, initialValues } from './client-options';
import { ContactForm } from './contact-form';
import { DatesLocale } from './dates-locale';
import { LanguageSwitch } from './language-switch';
import type { SendRequest } from '../../../lib/requests/contact-form-types';

type Props = {
  /** Loaded by the page (lib/requests/contact-page). */
  page: ContactPageData;
  basePath: '/contattaci' | '/contattaciL';
  /** The server action, bound here to the campsite and the page's language. */
  action: (campsiteId: string, idLingua: string | null, ...rest: Parameters<SendRequest>) => ReturnType<SendRequest>;
};

/** The public contact form of one campsite, in the language of the address (spec section 2). */
export function ContactPage({ page, basePath, action }: Props) {
  const { campsite, language, idLingua, t, messages, options, links } = page;
  const { locale } = language;
  const client = clientFormOptions(options, campsite, locale);
  const send: SendRequest = action.bind(null, campsite.id, idLingua);
  const hrefOf = (segment: string) => `${basePath}/${encodeURIComponent(campsite.id)}/${segment}`;

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
