import { Button, Section, Text } from '@react-email/components';
import type { GuestLocale } from '@/lib/i18n/locales';
import { button, MailLayout, paragraph } from './layout';
import { MAIL_TEXTS } from './texts';

/** A quoted message: plain text kept as typed (line breaks too), escaped like every text node. */
const quoted = { ...paragraph, whiteSpace: 'pre-line', borderLeft: '3px solid #ced4da', paddingLeft: 12, color: '#343a40' } as const;
const label = { ...paragraph, fontWeight: 700, margin: '16px 0 4px' } as const;

export type QuestionToCampsiteProps = { campsite: string; guestName: string; guestEmail: string | null; quoteName: string; offer: string | null; question: string; staffUrl: string };

/** To the campsite, in Italian: who asked what about which quote, and where to answer. */
export function QuestionToCampsite({ campsite, guestName, guestEmail, quoteName, offer, question, staffUrl }: QuestionToCampsiteProps) {
  const about = `${quoteName ? `sul preventivo «${quoteName}»` : 'su un preventivo'}${offer ? `, ${offer}` : ''}`;
  return (
    <MailLayout lang="it" preview={`${guestName} ha fatto una domanda`} campsite={campsite} footer="Notifica automatica del CRM.">
      <Text style={paragraph}>{`${guestName}${guestEmail ? ` (${guestEmail})` : ''} ha fatto una domanda ${about}:`}</Text>
      <Text style={quoted}>{question}</Text>
      <Text style={paragraph}>Rispondi dal preventivo nel CRM: il cliente riceve la risposta per e-mail e la vede sulla pagina del preventivo.</Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={staffUrl} style={button}>
          Rispondi nel CRM
        </Button>
      </Section>
    </MailLayout>
  );
}

export type AnswerToGuestProps = { locale: GuestLocale; campsite: string; guestName: string; question: string; answer: string; quoteUrl: string };

/** To the guest, in their language: their question, the campsite's answer, the way back to the quote. */
export function AnswerToGuest({ locale, campsite, guestName, question, answer, quoteUrl }: AnswerToGuestProps) {
  const t = MAIL_TEXTS[locale];
  return (
    <MailLayout lang={locale} preview={t.answerSubject(campsite)} campsite={campsite} footer={t.footer(campsite)}>
      <Text style={paragraph}>{t.greeting(guestName)}</Text>
      <Text style={paragraph}>{t.answerIntro(campsite)}</Text>
      <Text style={label}>{t.yourQuestion}</Text>
      <Text style={quoted}>{question}</Text>
      <Text style={label}>{t.ourAnswer}</Text>
      <Text style={{ ...paragraph, whiteSpace: 'pre-line' }}>{answer}</Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={quoteUrl} style={button}>
          {t.openQuote}
        </Button>
      </Section>
      <Text style={{ ...paragraph, fontSize: 13, color: '#495057' }}>{t.answerReply}</Text>
    </MailLayout>
  );
}
