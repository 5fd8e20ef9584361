'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { unbindMailbox } from '@/lib/mailbox/binding';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { imapBindingSchema } from '@/lib/mailbox/imap/validation';
import { requestMailboxSync } from '@/lib/mailbox/jobs';
import { z } from '@/lib/validation';

const refresh = () => {
  revalidatePath('/manageGmail');
  revalidatePath('/settings');
};

/**
 * Binds an IMAP/SMTP mailbox. The binding checks the credentials against the servers, which can
 * take seconds (their timeouts bound the campsite's transaction); a refusal that names a field
 * (details.field) is shown next to it.
 */
export const bindImapAction = staffAction(
  imapBindingSchema,
  async (ctx, { address, password, settings }) => {
    const view = await bindImapMailbox(ctx, { address, settings, password });
    requestMailboxSync(ctx);
    refresh();
    return { address: view.address };
  },
  { packLevel: 0 },
);

export const syncMailboxNowAction = staffAction(
  z.object({}),
  async (ctx) => {
    requestMailboxSync(ctx);
    return { requested: true };
  },
  { packLevel: 0 },
);

export const unbindMailboxAction = staffAction(
  z.object({}),
  async (ctx) => {
    const outcome = await unbindMailbox(ctx);
    refresh();
    return outcome;
  },
  { packLevel: 0 },
);
