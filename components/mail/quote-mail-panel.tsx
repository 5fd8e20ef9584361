import { Group, Paper, Stack } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { mailIsCaptured } from '@/lib/mail/mailer';
import type { QuoteMailPanelData } from '@/lib/workflows/quote-mail-panel';
import type { QuoteDetail } from '@/lib/quotes/detail';
import { ReminderSwitch } from './reminder-switch';
import { SendQuoteDialog } from './send-quote-dialog';

/** On the quote's preview: send it by e-mail, and the per-quote reminder switch. `panel` is loaded by the page (loadQuoteMailPanel). */
export function QuoteMailPanel({ detail, panel, openMail = false }: { detail: QuoteDetail; panel: QuoteMailPanelData; openMail?: boolean }) {
  const { quote, contact } = detail;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="md" align="center">
          <SendQuoteDialog quoteId={quote.id} guestEmail={contact.email} captured={mailIsCaptured() && !panel.sendsFromMailbox} templates={panel.templates}
            suggestedTemplateId={panel.suggestedTemplateId}
            guestLanguageName={panel.guestLanguageName}
            initiallyOpen={openMail} />
        </Group>
        {quote.progress !== 'nuovo' && (
          <ReminderSwitch
            quoteId={quote.id}
            enabled={quote.reminderEnabled}
            days={panel.reminderDays}
            sentAt={quote.reminderSentAt ? formatDateTime(quote.reminderSentAt) : null}
          />
        )}
      </Stack>
    </Paper>
  );
}
