import { getDb } from '@/db/client';
import { afterCommit } from '@/db/tenant-scope';
import { env } from '@/lib/env';
import { runningBoss } from '@/lib/jobs/boss';
import { QUEUES } from '@/lib/jobs/queues';
import { deliverDue, mailboxMailsWaiting } from './delivery';
import { resendTransport } from './resend-transport';
import { captureTransport, type MailTransport } from './transport';
import { logger } from '@/lib/ops/logger.mjs';

let transport: MailTransport | undefined;

/** Resend when RESEND_API_KEY is set; otherwise the local capture shown at /mail. */
export function mailTransport(): MailTransport {
  if (!transport) {
    const { RESEND_API_KEY, RESEND_BASE_URL } = env();
    transport = RESEND_API_KEY ? resendTransport(RESEND_API_KEY, RESEND_BASE_URL) : captureTransport;
  }
  return transport;
}

export const mailIsCaptured = () => mailTransport().kind === 'capture';

const state = globalThis as unknown as { crmMailDelivering?: Promise<void> | null; crmMailAgain?: boolean };

/**
 * Delivers the outbox now, after the caller's transaction committed; the scheduled job picks up
 * whatever this misses (a crash, a provider that asked to wait). One run at a time per process.
 */
export function deliverSoon(): void {
  // Scripts and tests have no server process to deliver in: they call deliverDue themselves.
  if (!process.env.NEXT_RUNTIME) return;
  void afterCommit(deliverAll);
}

function deliverAll(): void {
  if (state.crmMailDelivering) {
    state.crmMailAgain = true;
    return;
  }
  state.crmMailDelivering = (async () => {
    do {
      state.crmMailAgain = false;
      try {
        const db = getDb();
        await deliverDue(db, mailTransport());
        // Mails of a campsite with its own mailbox are left to the outbox job, which can open it: ask for a run now rather than at the minute.
        if (await mailboxMailsWaiting(db)) await runningBoss()?.then((boss) => boss.send(QUEUES.outbox, { subito: true }));
      } catch (error) {
        logger.error({ err: error }, 'Invio della posta in uscita non riuscito');
      }
    } while (state.crmMailAgain);
  })().finally(() => {
    state.crmMailDelivering = null;
  });
}

/** For the scheduled job: waits for the run to end. */
export async function deliverNow(): Promise<void> {
  if (!process.env.NEXT_RUNTIME) return;
  deliverAll();
  await state.crmMailDelivering;
}
