'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { staffAction, type ActionResult } from '@/lib/actions';
import { requireStaff } from '@/lib/auth/staff';
import { classifyError } from '@/lib/error-classification';
import { unbindMailbox } from '@/lib/mailbox/binding';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { imapBindingSchema, type ImapBindingForm } from '@/lib/mailbox/imap/validation';
import { requestMailboxSync } from '@/lib/mailbox/jobs';
import { fieldIssues, z } from '@/lib/validation';

const refresh = () => {
  revalidatePath('/manageGmail');
  revalidatePath('/settings');
};

/**
 * Binds an IMAP/SMTP mailbox. The binding checks the credentials against the servers, which can
 * take seconds; a refusal that names a field (details.field) is shown next to it.
 */
export async function bindImapAction(input: ImapBindingForm): Promise<ActionResult<{ address: string }>> {
  const tenant = await requireStaff({ packLevel: 0 });
  const parsed = imapBindingSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(fieldIssues(parsed.error).map((issue) => [issue.path, issue.message]));
    return { ok: false, error: 'Alcuni campi non sono validi: controlla quelli evidenziati.', fieldErrors };
  }
  const { address, password, settings } = parsed.data;
  try {
    const view = await bindImapMailbox(getDb(), { campsiteId: tenant.campsiteId, userId: tenant.userId, address, settings, password });
    await requestMailboxSync(tenant.campsiteId);
    refresh();
    return { ok: true, data: { address: view.address } };
  } catch (error) {
    const known = classifyError(error);
    if (!known) {
      console.error('Casella: collegamento IMAP non riuscito', error);
      return { ok: false, error: 'Si è verificato un errore imprevisto. Riprova tra poco.' };
    }
    const field = typeof known.details?.field === 'string' ? known.details.field : null;
    return { ok: false, error: known.message, ...(field ? { fieldErrors: { [field]: known.message } } : {}) };
  }
}

export const syncMailboxNowAction = staffAction(
  z.object({}),
  async (tenant) => {
    await requestMailboxSync(tenant.campsiteId);
    return { requested: true };
  },
  { packLevel: 0 },
);

export const unbindMailboxAction = staffAction(
  z.object({}),
  async (tenant, _input, db) => {
    const outcome = await unbindMailbox(db, tenant.campsiteId);
    refresh();
    return outcome;
  },
  { packLevel: 0 },
);
