import { MailboxSettings } from '@/components/mailbox-settings/mailbox-settings';
import { googleConfigured } from '@/lib/mailbox/gmail/oauth';
import { findMailbox } from '@/lib/mailbox/mailbox-row';
import { bindImapAction, syncMailboxNowAction, unbindMailboxAction } from '../../manageGmail/actions';
import type { SectionProps } from './types';

/** Casella di posta: the same binding screen as /manageGmail. */
export async function GmailSection({ run, params }: SectionProps) {
  const mailbox = await run((ctx) => findMailbox(ctx));
  return (
    <MailboxSettings
      mailbox={mailbox}
      googleReady={googleConfigured()}
      result={{ esito: params.esito, messaggio: params.messaggio }}
      actions={{ bindImap: bindImapAction, syncNow: syncMailboxNowAction, unbind: unbindMailboxAction }}
    />
  );
}
