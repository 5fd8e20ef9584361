import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MailboxSettings } from '@/components/mailbox-settings/mailbox-settings';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { googleConfigured } from '@/lib/mailbox/gmail/oauth';
import { findMailbox } from '@/lib/mailbox/mailbox-row';
import { bindImapAction, syncMailboxNowAction, unbindMailboxAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('mailboxSettings'))('title') };
}

type Props = { searchParams: Promise<{ esito?: string; messaggio?: string }> };

/** The campsite's mailbox, for every staff level: a service account reads the mail too. */
export default async function ManageGmailPage({ searchParams }: Props) {
  const { run } = await staffPage({ packLevel: 0 });
  const [mailbox, result] = await Promise.all([run((ctx) => findMailbox(ctx)), searchParams]);
  return (
    <PageContainer>
      <MailboxSettings
        mailbox={mailbox}
        googleReady={googleConfigured()}
        result={{ esito: result.esito, messaggio: result.messaggio }}
        actions={{ bindImap: bindImapAction, syncNow: syncMailboxNowAction, unbind: unbindMailboxAction }}
      />
    </PageContainer>
  );
}
