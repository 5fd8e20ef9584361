import { Button, Section, Text } from '@react-email/components';
import { button, MailLayout, paragraph } from './layout';

export type StayMailProps = {
  lang: string;
  campsite: string;
  /** The subject, shown by mail clients as the preview line. */
  preview: string;
  /** The campsite's template or the built-in text, placeholders already filled; staff HTML is allowed. */
  bodyHtml: string;
  /** The booking at a glance (rows without a value left out), under the text; none after the stay. */
  summary: { title: string; rows: { label: string; value: string }[] } | null;
  buttons: { href: string; label: string }[];
  footer: string;
};

const cell = { ...paragraph, margin: '0 0 4px' } as const;

/** A guest's stay mail (before arrival, the day before, after departure): text, summary, buttons. */
export function StayMail({ lang, campsite, preview, bodyHtml, summary, buttons, footer }: StayMailProps) {
  return (
    <MailLayout lang={lang} preview={preview} campsite={campsite} footer={footer}>
      {bodyHtml.trim() ? <div dangerouslySetInnerHTML={{ __html: bodyHtml }} /> : null}
      {summary && summary.rows.length > 0 ? (
        <Section style={{ margin: '16px 0' }}>
          <Text style={{ ...paragraph, fontWeight: 700 }}>{summary.title}</Text>
          {summary.rows.map((row) => (
            <Text key={row.label} style={cell}>
              <strong>{`${row.label}:`}</strong>
              {` ${row.value}`}
            </Text>
          ))}
        </Section>
      ) : null}
      {buttons.map((link) => (
        <Section key={link.href} style={{ margin: '12px 0' }}>
          <Button href={link.href} style={button}>
            {link.label}
          </Button>
        </Section>
      ))}
    </MailLayout>
  );
}
