import { Button, Section, Text } from '@react-email/components';
import type { GuestLocale } from '@/lib/i18n/locales';
import { button, MailLayout, paragraph } from './layout';
import { MAIL_TEXTS } from './texts';

export type QuoteMailProps = {
  locale: GuestLocale;
  campsite: string;
  /** The staff's template, placeholders already filled; staff HTML is allowed (spec section 5). */
  bodyHtml: string;
  quoteUrl: string;
  /** A reminder opens with its own sentence when the template does not say it. */
  reminder?: boolean;
  guestName?: string;
};

/** The quote (or its reminder) as the guest receives it: the template, then the button to the mini-site. */
export function QuoteMail({ locale, campsite, bodyHtml, quoteUrl, reminder, guestName = '' }: QuoteMailProps) {
  const t = MAIL_TEXTS[locale];
  return (
    <MailLayout lang={locale} preview={reminder ? t.reminderSubject(campsite) : t.quoteSubject(campsite)} campsite={campsite} footer={t.footer(campsite)}>
      {reminder && !bodyHtml.trim() ? (
        <>
          <Text style={paragraph}>{t.greeting(guestName)}</Text>
          <Text style={paragraph}>{t.reminderIntro}</Text>
        </>
      ) : null}
      {bodyHtml.trim() ? <div dangerouslySetInnerHTML={{ __html: bodyHtml }} /> : null}
      <Section style={{ margin: '20px 0' }}>
        <Button href={quoteUrl} style={button}>
          {t.openQuote}
        </Button>
      </Section>
    </MailLayout>
  );
}
