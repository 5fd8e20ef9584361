import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

const styles = {
  body: { backgroundColor: '#f1f3f5', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 600, padding: '24px 28px' },
  campsite: { color: '#0b7285', fontSize: 20, fontWeight: 700, margin: '0 0 16px' },
  footer: { color: '#495057', fontSize: 12, lineHeight: '18px' },
} as const;

/** The frame every system mail shares: the campsite's name, the content, a plain footer. */
export function MailLayout({ lang, preview, campsite, footer, children }: { lang: string; preview: string; campsite: string; footer: string; children: ReactNode }) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.campsite}>{campsite}</Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={styles.footer}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: '#212529', fontSize: 15, lineHeight: '22px', margin: '0 0 12px' } as const;
export const button = { backgroundColor: '#0b7285', borderRadius: 6, color: '#ffffff', display: 'inline-block', fontSize: 15, fontWeight: 700, padding: '12px 20px', textDecoration: 'none' } as const;
