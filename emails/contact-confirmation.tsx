import { Text } from '@react-email/components';
import type { GuestLocale } from '@/lib/i18n/locales';
import { MailLayout, paragraph } from './layout';
import { NewsletterConfirmSection } from './newsletter-confirmation';
import { MAIL_TEXTS } from './texts';

export type ContactConfirmationProps = {
  locale: GuestLocale;
  campsite: string;
  guestName: string;
  arrival?: string | null;
  departure?: string | null;
  message?: string | null;
  /** The guest ticked the newsletter: its confirmation link travels in this mail. */
  newsletter?: { confirmUrl: string; validDays: number } | null;
};

/** Sent to the guest after the public contact form (and /sendMailConfirm). */
export function ContactConfirmation({ locale, campsite, guestName, arrival, departure, message, newsletter }: ContactConfirmationProps) {
  const t = MAIL_TEXTS[locale];
  return (
    <MailLayout lang={locale} preview={t.confirmSubject(campsite)} campsite={campsite} footer={t.footer(campsite)}>
      <Text style={paragraph}>{t.greeting(guestName)}</Text>
      <Text style={paragraph}>{t.confirmIntro}</Text>
      {arrival || departure || message ? (
        <>
          <Text style={{ ...paragraph, fontWeight: 700 }}>{t.confirmSummary}</Text>
          {arrival ? <Text style={paragraph}>{`${t.arrival}: ${arrival}`}</Text> : null}
          {departure ? <Text style={paragraph}>{`${t.departure}: ${departure}`}</Text> : null}
          {message ? <Text style={{ ...paragraph, whiteSpace: 'pre-line' }}>{`${t.message}: ${message}`}</Text> : null}
        </>
      ) : null}
      {newsletter ? <NewsletterConfirmSection locale={locale} campsite={campsite} {...newsletter} /> : null}
    </MailLayout>
  );
}
