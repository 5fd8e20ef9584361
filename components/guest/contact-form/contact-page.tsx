import { NextIntlClientProvider } from 'next-intl';
import { GuestFrame } from '@/components/guest/guest-frame';
import { TIME_ZONE } from '@/lib/format';
import type { ContactPageData } from '@/lib/requests/contact-page';
import { CampsiteContacts } from './campsite-contacts';
import { clientFormOptions, initialValues } from './client-options';
import styles from './contact.module.css';
import { ContactForm } from './contact-form';
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
        <div className={styles.page}>
          <LanguageSwitch links={links} current={locale} hrefOf={hrefOf} label={t('languageSwitch')} />
          <div className={styles.stack}>
            <h1 className={styles.title}>{campsite.name}</h1>
            <h2 className={styles.subtitle}>{t('heading')}</h2>
            <p className={styles.text}>{t('intro')}</p>
          </div>
          <CampsiteContacts
            contacts={campsite.contacts}
            labels={{ title: t('contacts.title'), phone: t('contacts.phone'), whatsapp: t('contacts.whatsapp'), email: t('contacts.email'), address: t('contacts.address'), newTab: t('privacy.newTab') }}
          />
          <ContactForm options={client} initial={initialValues(options, client, language)} send={send} campsiteName={campsite.name} />
        </div>
      </NextIntlClientProvider>
    </GuestFrame>
  );
}
