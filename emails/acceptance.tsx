import { Button, Section, Text } from '@react-email/components';
import type { GuestLocale } from '@/lib/i18n/locales';
import { button, MailLayout, paragraph } from './layout';
import { MAIL_TEXTS } from './texts';

export type AcceptanceProps = { locale: GuestLocale; campsite: string; guestName: string; offer: string; quoteUrl: string };

/** To the guest, in their language, after they accepted an offer. */
export function AcceptanceToGuest({ locale, campsite, guestName, offer, quoteUrl }: AcceptanceProps) {
  const t = MAIL_TEXTS[locale];
  return (
    <MailLayout lang={locale} preview={t.acceptedSubject(campsite)} campsite={campsite} footer={t.footer(campsite)}>
      <Text style={paragraph}>{t.greeting(guestName)}</Text>
      <Text style={paragraph}>{t.acceptedIntro(offer)}</Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={quoteUrl} style={button}>
          {t.openQuote}
        </Button>
      </Section>
    </MailLayout>
  );
}

export type AcceptanceToCampsiteProps = { campsite: string; guestName: string; guestEmail: string | null; quoteName: string; offer: string; staffUrl: string };

/** To the campsite, in Italian: who accepted what, and where to book it. */
export function AcceptanceToCampsite({ campsite, guestName, guestEmail, quoteName, offer, staffUrl }: AcceptanceToCampsiteProps) {
  return (
    <MailLayout lang="it" preview={`${guestName} ha accettato un preventivo`} campsite={campsite} footer="Notifica automatica del CRM.">
      <Text style={paragraph}>{`${guestName}${guestEmail ? ` (${guestEmail})` : ''} ha accettato il preventivo «${quoteName}», offerta «${offer}».`}</Text>
      <Text style={paragraph}>Apri il preventivo nel CRM per inserire la prenotazione.</Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={staffUrl} style={button}>
          Apri nel CRM
        </Button>
      </Section>
    </MailLayout>
  );
}
