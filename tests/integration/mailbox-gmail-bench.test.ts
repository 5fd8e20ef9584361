import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailboxMessages, mailboxThreads } from '@/db/schema';
import { completeGoogleAuthorization, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { syncMailbox } from '@/lib/mailbox/sync';
import { useTestDatabase } from '../helpers/db';
import { startGmailStandIn } from '../helpers/gmail-stand-in';
import { makeGuest, makeQuotesAccount, unique } from '../helpers/quotes';
import { newMessageId, rawMail } from '../helpers/raw-mail';

const standIn = await startGmailStandIn({ clientId: 'crm-bench.apps.googleusercontent.com', clientSecret: 'segreto-client-bench' });
process.env.GOOGLE_CLIENT_ID = 'crm-bench.apps.googleusercontent.com';
process.env.GOOGLE_CLIENT_SECRET = 'segreto-client-bench';
process.env.GOOGLE_OAUTH_BASE_URL = standIn.baseUrl;
process.env.GMAIL_API_BASE_URL = standIn.baseUrl;
const db = await useTestDatabase();
afterAll(() => standIn.close());

const MESSAGES = 5_000;
const REDIRECT = 'https://crm.example.it/api/mailbox/google/callback';
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Minutes on PGlite: run on demand (MAILBOX_BENCH=1). */
describe.skipIf(!process.env.MAILBOX_BENCH)('a full sync of a 5,000-message Gmail', () => {
  it('stores every message once, in its threads', { timeout: 15 * 60_000 }, async () => {
    const { campsite, tenant } = await makeQuotesAccount(db);
    const guests = await Promise.all(Array.from({ length: 20 }, () => makeGuest(db, tenant)));
    const account = standIn.account(`campeggio-${unique()}@gmail.test`);
    const body = 'Buongiorno, vorremmo sapere se avete una piazzola libera per due adulti e un cane. '.repeat(20);
    // Pairs: a guest's question in the inbox and our answer in sent, in one Gmail thread.
    let question = '';
    account.seed(MESSAGES, (index) => {
      const guest = index % 2 === 0 ? `ospite-${Math.floor(index / 2) % 400}@esempio.test` : '';
      const address = guests[index % 20]!.email!;
      const internalDate = new Date(Date.now() - (index / MESSAGES) * 80 * 24 * 60 * 60 * 1000);
      if (index % 2 === 0) {
        question = newMessageId();
        return { raw: rawMail({ from: index % 10 === 0 ? address : guest, to: account.address, subject: `Richiesta ${index}`, messageId: question, text: body }), internalDate, labelIds: ['INBOX', 'UNREAD'] };
      }
      return {
        raw: rawMail({ from: account.address, to: address, subject: `Re: Richiesta ${index - 1}`, inReplyTo: question, references: [question], text: body }),
        internalDate,
        labelIds: ['SENT'],
      };
    });
    const url = new URL(await startGoogleAuthorization(db, { campsiteId: campsite.id, userId: tenant.userId, redirectUri: REDIRECT }));
    const code = standIn.issueCode({ account, codeChallenge: url.searchParams.get('code_challenge')!, redirectUri: REDIRECT });
    await completeGoogleAuthorization(db, { campsiteId: campsite.id, userId: tenant.userId, state: url.searchParams.get('state')!, code });

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
    const started = performance.now();
    const report = await syncMailbox(db, campsite.id);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `Gmail full sync of ${MESSAGES} messages on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${seconds.toFixed(1)} s, ` +
        `RSS ${megabytes(rssBefore)} MB before, ${megabytes(peak)} MB at peak, ${megabytes(rssAfter)} MB after`,
    );
    expect(report).toMatchObject({ state: 'synced', mode: 'full', added: MESSAGES });
    const [messages] = await db.select({ total: count() }).from(mailboxMessages).where(eq(mailboxMessages.campingId, campsite.id));
    const [threads] = await db.select({ total: count() }).from(mailboxThreads).where(eq(mailboxThreads.campingId, campsite.id));
    expect(messages!.total).toBe(MESSAGES);
    expect(threads!.total).toBe(MESSAGES / 2);
  });
});
