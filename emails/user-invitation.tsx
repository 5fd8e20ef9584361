import { Button, Link, Section, Text } from '@react-email/components';
import { button, MailLayout, paragraph } from './layout';

/** To a user brought over from the old CRM: a one-time link to enter and set a password (passwords never cross). */
export function UserInvitation({ campsite, name, url, days }: { campsite: string; name: string; url: string; days: number }) {
  return (
    <MailLayout
      lang="it"
      preview={`Il tuo accesso al nuovo CRM di ${campsite}`}
      campsite={campsite}
      footer={`${campsite} · Ricevi questa e-mail perché sei un utente del CRM del campeggio. Se non ti aspettavi questo invito, ignorala.`}
    >
      <Text style={paragraph}>{name ? `Ciao ${name},` : 'Ciao,'}</Text>
      <Text style={paragraph}>
        il CRM di {campsite} è passato al nuovo sistema e il tuo utente è già pronto, con i clienti e i preventivi di prima. Le password non sono state
        copiate: entra con questo link e scegli la tua nuova password da Impostazioni › Account.
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <Button href={url} style={button}>
          Entra nel nuovo CRM
        </Button>
      </Section>
      <Text style={paragraph}>
        Se il pulsante non funziona, apri questo indirizzo nel browser: <Link href={url}>{url}</Link>
      </Text>
      <Text style={paragraph}>Il link si usa una sola volta ed è valido per {days} giorni.</Text>
    </MailLayout>
  );
}
