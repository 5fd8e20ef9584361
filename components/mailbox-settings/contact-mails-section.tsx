import { Paper, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ContactMailTimeline, type LoadMoreMails } from './contact-mail-timeline';
import type { TimelineRowsPage } from '../../lib/mailbox/timeline-rows';

/** "Storico e-mail" on the contact's page: our traces and the guest's mailbox answers in one list. */
export async function ContactMailsTimelineSection({ contactId, first, loadMore }: { contactId: string; first: TimelineRowsPage; loadMore: LoadMoreMails }) {
  const t = await getTranslations('contacts.detail');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('mails')} data-testid="contact-mails">
      <Title order={2} size="h4" mb="sm">
        {t('mails')}
      </Title>
      <ContactMailTimeline contactId={contactId} first={first} loadMore={loadMore} />
    </Paper>
  );
}
