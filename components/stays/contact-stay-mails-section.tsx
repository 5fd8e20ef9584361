import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import type { ContactStayMails } from '@/lib/stays/contact-mails';
import { StayLedgerTable } from './ledger-table';
import { UpcomingStayMailsTable } from './upcoming-table';

/** «Invii automatici» on the contact page: the guest's upcoming stay mails (with «Salta») and the past ones. */
export async function ContactStayMailsSection({ mails }: { mails: ContactStayMails }) {
  const t = await getTranslations('stays.contact');
  const empty = mails.upcoming.length === 0 && mails.past.length === 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-stay-mails-title" data-testid="contact-stay-mails">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="contact-stay-mails-title">
            {t('title')}
          </Title>
          <LinkAnchor href="/prossimiInvii" size="sm">
            {t('all')}
          </LinkAnchor>
        </Group>
        {empty && <Text c="dimmed" size="sm">{t('empty')}</Text>}
        {mails.upcoming.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t('upcoming')}
            </Title>
            <UpcomingStayMailsTable items={mails.upcoming} showGuest={false} today={mails.today} />
          </>
        )}
        {mails.past.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t('past')}
            </Title>
            <StayLedgerTable items={mails.past} showGuest={false} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
