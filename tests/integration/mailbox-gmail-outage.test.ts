import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailboxes, mailboxMessages } from '@/db/schema';
import { completeGoogleAuthorization, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { syncMailbox } from '@/lib/mailbox/sync';
import { ctxFor, jobCtxFor, staffWork } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { gmailStandInEnvironment } from '../helpers/gmail-env';
import { makeQuotesAccount, unique } from '../helpers/quotes';
import { rawMail } from '../helpers/raw-mail';

// env() is read once: the stand-in's address and a short Gmail timeout before anything reads it.
process.env.GMAIL_TIMEOUT_MS = '1000';
const standIn = await gmailStandInEnvironment();
const db = await useTestDatabase();
afterAll(async () => {
  delete process.env.GMAIL_TIMEOUT_MS;
  await standIn.close();
});

const REDIRECT = 'https://crm.example.it/api/mailbox/google/callback';

describe('Gmail hangs during a sync', () => {
  it('the sync gives up after GMAIL_TIMEOUT_MS, frees its lease and shows why; the next sync once Gmail is back loses nothing', async () => {
    const { campsite, user } = await makeQuotesAccount(db);
    const account = standIn.account(`campeggio-${unique()}@gmail.test`);
    const mails = [1, 2, 3].map((n) => account.add(rawMail({ from: `ospite${n}@example.it`, to: account.address, subject: `Richiesta ${n}`, date: new Date() }), { internalDate: new Date() }));
    const who = { campsiteId: campsite.id, userId: user.id };
    const url = new URL(await startGoogleAuthorization(ctxFor(db, who), { redirectUri: REDIRECT }));
    const code = standIn.issueCode({ account, codeChallenge: url.searchParams.get('code_challenge')!, redirectUri: REDIRECT });
    await completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: url.searchParams.get('state')!, code });

    standIn.hang(true);
    const started = performance.now();
    const failed = await syncMailbox(jobCtxFor(db, campsite.id));
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/^Google non ha risposto entro 1 secondo/) });
    const [row] = await db.select().from(mailboxes).where(eq(mailboxes.campingId, campsite.id));
    // What the staff's mailbox page shows: still bound, the reason of the last failure; nobody holds the lease.
    expect(row).toMatchObject({ status: 'active', lastSyncError: expect.stringMatching(/^Google non ha risposto entro 1 secondo/), syncLeaseUntil: null });

    standIn.hang(false);
    expect(await syncMailbox(jobCtxFor(db, campsite.id))).toMatchObject({ state: 'synced', added: 3 });
    const stored = await db.select({ id: mailboxMessages.providerMessageId }).from(mailboxMessages).where(eq(mailboxMessages.campingId, campsite.id));
    expect(stored.map((message) => message.id).sort()).toEqual(mails.map((mail) => mail.id).sort());
    const [after] = await db.select().from(mailboxes).where(eq(mailboxes.campingId, campsite.id));
    expect(after.lastSyncError).toBeNull();
  });
});
