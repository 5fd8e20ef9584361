import { Button, Link, Section, Text } from '@react-email/components';
import type { GuestLocale } from '@/lib/i18n/locales';
import { button, MailLayout, paragraph } from './layout';

/** The double opt-in mail's words in the guest's language. */
export const OPT_IN_TEXTS = {
  it: {
    subject: (campsite: string) => `Conferma l’iscrizione alla newsletter - ${campsite}`,
    greeting: (name: string) => (name ? `Gentile ${name},` : 'Gentile ospite,'),
    intro: (campsite: string) => `hai chiesto di ricevere la newsletter di ${campsite}. Per completare l’iscrizione, conferma il tuo indirizzo e-mail:`,
    confirm: 'Conferma l’iscrizione',
    fallback: 'Se il pulsante non funziona, apri questo indirizzo nel browser:',
    expiry: (days: number) =>
      `Il link è valido per ${days} giorni. Se non hai chiesto tu l’iscrizione, ignora questa e-mail: non riceverai nulla.`,
    pendingNote: (days: number) => `Il link è valido per ${days} giorni: senza la tua conferma non riceverai nessuna newsletter.`,
    footer: (campsite: string) => `${campsite} · Ricevi questa e-mail perché il tuo indirizzo è stato indicato per la newsletter.`,
  },
  de: {
    subject: (campsite: string) => `Bitte bestätigen Sie Ihre Newsletter-Anmeldung - ${campsite}`,
    greeting: (name: string) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    intro: (campsite: string) =>
      `Sie möchten den Newsletter von ${campsite} erhalten. Bitte bestätigen Sie Ihre E-Mail-Adresse, um die Anmeldung abzuschließen:`,
    confirm: 'Anmeldung bestätigen',
    fallback: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse im Browser:',
    expiry: (days: number) =>
      `Der Link ist ${days} Tage gültig. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail: Sie erhalten nichts.`,
    pendingNote: (days: number) => `Der Link ist ${days} Tage gültig: Ohne Ihre Bestätigung erhalten Sie keinen Newsletter.`,
    footer: (campsite: string) => `${campsite} · Sie erhalten diese E-Mail, weil Ihre Adresse für den Newsletter angegeben wurde.`,
  },
  en: {
    subject: (campsite: string) => `Please confirm your newsletter subscription - ${campsite}`,
    greeting: (name: string) => (name ? `Dear ${name},` : 'Dear guest,'),
    intro: (campsite: string) => `you asked to receive the newsletter of ${campsite}. To complete your subscription, please confirm your e-mail address:`,
    confirm: 'Confirm subscription',
    fallback: 'If the button does not work, open this address in your browser:',
    expiry: (days: number) => `The link is valid for ${days} days. If you did not ask to subscribe, ignore this e-mail: you will receive nothing.`,
    pendingNote: (days: number) => `The link is valid for ${days} days: without your confirmation you will receive no newsletter.`,
    footer: (campsite: string) => `${campsite} · You receive this e-mail because your address was given for the newsletter.`,
  },
  nl: {
    subject: (campsite: string) => `Bevestig uw aanmelding voor de nieuwsbrief - ${campsite}`,
    greeting: (name: string) => (name ? `Beste ${name},` : 'Beste gast,'),
    intro: (campsite: string) => `u hebt gevraagd om de nieuwsbrief van ${campsite} te ontvangen. Bevestig uw e-mailadres om uw aanmelding af te ronden:`,
    confirm: 'Aanmelding bevestigen',
    fallback: 'Werkt de knop niet? Open dan dit adres in uw browser:',
    expiry: (days: number) =>
      `De link is ${days} dagen geldig. Hebt u zich niet zelf aangemeld? Negeer dan deze e-mail: u ontvangt niets.`,
    pendingNote: (days: number) => `De link is ${days} dagen geldig: zonder uw bevestiging ontvangt u geen nieuwsbrief.`,
    footer: (campsite: string) => `${campsite} · U ontvangt deze e-mail omdat uw adres is opgegeven voor de nieuwsbrief.`,
  },
  fr: {
    subject: (campsite: string) => `Confirmez votre inscription à la newsletter - ${campsite}`,
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: (campsite: string) => `vous avez demandé à recevoir la newsletter de ${campsite}. Pour finaliser votre inscription, veuillez confirmer votre adresse e-mail :`,
    confirm: 'Confirmer l’inscription',
    fallback: 'Si le bouton ne fonctionne pas, ouvrez cette adresse dans votre navigateur :',
    expiry: (days: number) =>
      `Le lien est valable ${days} jours. Si vous n’avez pas demandé cette inscription, ignorez cet e-mail : vous ne recevrez rien.`,
    pendingNote: (days: number) => `Le lien est valable ${days} jours : sans votre confirmation, vous ne recevrez aucune newsletter.`,
    footer: (campsite: string) => `${campsite} · Vous recevez cet e-mail parce que votre adresse a été indiquée pour la newsletter.`,
  },
} satisfies Record<GuestLocale, Record<string, unknown>>;

export type NewsletterConfirmationProps = { locale: GuestLocale; campsite: string; guestName: string; confirmUrl: string; validDays: number };

/** The request, the button, the address for mail clients without buttons, and the closing note. */
function ConfirmBody({ locale, campsite, confirmUrl, note }: { locale: GuestLocale; campsite: string; confirmUrl: string; note: string }) {
  const t = OPT_IN_TEXTS[locale];
  return (
    <>
      <Text style={paragraph}>{t.intro(campsite)}</Text>
      <Section style={{ margin: '20px 0' }}>
        <Button href={confirmUrl} style={button}>
          {t.confirm}
        </Button>
      </Section>
      <Text style={paragraph}>
        {t.fallback} <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text style={paragraph}>{note}</Text>
    </>
  );
}

/**
 * The double opt-in's link inside another mail (the contact form's confirmation), so a form
 * with the checkbox ticked sends one mail, not two.
 */
export function NewsletterConfirmSection({ locale, campsite, confirmUrl, validDays }: Omit<NewsletterConfirmationProps, 'guestName'>) {
  return (
    <Section style={{ marginTop: '24px' }}>
      <ConfirmBody locale={locale} campsite={campsite} confirmUrl={confirmUrl} note={OPT_IN_TEXTS[locale].pendingNote(validDays)} />
    </Section>
  );
}

/** Double opt-in: the guest confirms their address before any newsletter reaches them. */
export function NewsletterConfirmation({ locale, campsite, guestName, confirmUrl, validDays }: NewsletterConfirmationProps) {
  const t = OPT_IN_TEXTS[locale];
  return (
    <MailLayout lang={locale} preview={t.subject(campsite)} campsite={campsite} footer={t.footer(campsite)}>
      <Text style={paragraph}>{t.greeting(guestName)}</Text>
      <ConfirmBody locale={locale} campsite={campsite} confirmUrl={confirmUrl} note={t.expiry(validDays)} />
    </MailLayout>
  );
}
