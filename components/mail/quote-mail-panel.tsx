import { Group, Paper, Stack } from '@mantine/core';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campsites, languages } from '@/db/schema';
import { formatDateTime } from '@/lib/format';
import { mailIsCaptured } from '@/lib/mail/mailer';
import { SENDABLE } from '@/lib/mail/quote-mail';
import type { QuoteDetail } from '@/lib/quotes/detail';
import { templatesForLanguage } from '@/lib/templates/service';
import { ReminderSwitch } from './reminder-switch';
import { SendQuoteDialog } from './send-quote-dialog';

/** On the quote's preview: send it by e-mail, and the per-quote reminder switch. */
export async function QuoteMailPanel({ db, campsiteId, detail }: { db: Database; campsiteId: string; detail: QuoteDetail }) {
  const { quote, contact } = detail;
  if (!(SENDABLE as readonly string[]).includes(quote.progress)) return null;
  const guestLanguage = quote.languageId ?? contact.languageId;
  const [templates, languageRows, [campsite]] = await Promise.all([
    templatesForLanguage(db, campsiteId, guestLanguage),
    db.select({ id: languages.id, name: languages.name }).from(languages),
    db.select({ reminderDays: campsites.reminderDays }).from(campsites).where(eq(campsites.id, campsiteId)),
  ]);
  const languageName = new Map(languageRows.map((row) => [row.id, row.name]));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="md" align="center">
          <SendQuoteDialog
            quoteId={quote.id}
            guestEmail={contact.email}
            captured={mailIsCaptured()}
            templates={templates.map((template) => ({
              id: template.id,
              name: template.name,
              language: template.languageId ? (languageName.get(template.languageId) ?? null) : null,
              guestLanguage: template.languageId === guestLanguage,
              isReminder: template.isReminder,
            }))}
          />
        </Group>
        {quote.progress !== 'nuovo' && (
          <ReminderSwitch
            quoteId={quote.id}
            enabled={quote.reminderEnabled}
            days={campsite?.reminderDays ?? 3}
            sentAt={quote.reminderSentAt ? formatDateTime(quote.reminderSentAt) : null}
          />
        )}
      </Stack>
    </Paper>
  );
}
