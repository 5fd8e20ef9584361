import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/secret-box';
import { sendTestNewsletter } from '@/lib/newsletter/preview';
import { resendNewsletterProvider } from '@/lib/newsletter/provider';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { startResendBatchStandIn } from '../helpers/resend-batch-stand-in';

/** What must never reach the staff's screen: the provider's own words, codes, statuses, hosts. */
const SYSTEM_WORDS = /Resend|API key|invalid_api_key|application_error|Unable to fetch|\b[45]\d\d\b|127\.0\.0\.1|:\d{2,5}\b|fetch failed|ECONN/i;

let db: Database;
const standIn = await startResendBatchStandIn({ apiKey: 're_chiave_giusta', ratePerSecond: 10 });
beforeAll(async () => {
  db = await useTestDatabase();
});
afterAll(() => standIn.close());

/** A campsite whose provider key is `apiKey`, with a list of one guest, and the test send's content. */
async function campsiteWithKey(apiKey: string) {
  const campsite = await makeCampsite(db, { mailjetApiKey: encryptSecret(apiKey), mailjetSecret: encryptSecret('whsec_prova') });
  const user = await makeUser(db, campsite.id, { packLevel: 10 });
  const [list] = await db.insert(mailingLists).values({ campingId: campsite.id, name: 'Estate' }).returning();
  const [guest] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Anna', lastName: 'Bianchi', email: 'anna@ospiti.test' }).returning();
  await db.insert(listMemberships).values({ campingId: campsite.id, listId: list.id, contactId: guest.id });
  const content = { listId: list.id, subject: 'Novità', html: '<p>Ciao {{nome}}</p>', origin: 'https://crm.example.test', to: user.email };
  return { ctx: ctxFor(db, { campsiteId: campsite.id }), content };
}

describe('a newsletter test send the provider did not take, in words the staff can act on', () => {
  it('a refused key says where to check the keys, without the provider’s answer', async () => {
    const { ctx, content } = await campsiteWithKey('re_chiave_sbagliata');
    const refused = await failure(sendTestNewsletter(ctx, content, (key) => resendNewsletterProvider(key, standIn.baseUrl, 5_000)));
    expect(standIn.calls.at(-1)?.status).toBe(401);
    expect(refused.message).toContain('impostazioni del campeggio, scheda Mailing');
    expect(refused.message).not.toMatch(SYSTEM_WORDS);
  });

  it('a provider out of reach says to try again, without host or system error', async () => {
    const { ctx, content } = await campsiteWithKey('re_chiave_giusta');
    const closed = await startResendBatchStandIn({ apiKey: 're_chiave_giusta', ratePerSecond: 10 });
    await closed.close();
    const refused = await failure(sendTestNewsletter(ctx, content, (key) => resendNewsletterProvider(key, closed.baseUrl, 5_000)));
    expect(refused.message).toMatch(/riprova/i);
    expect(refused.message).not.toMatch(SYSTEM_WORDS);
  });

  it('still sends when the key is right', async () => {
    const { ctx, content } = await campsiteWithKey('re_chiave_giusta');
    await sendTestNewsletter(ctx, content, (key) => resendNewsletterProvider(key, standIn.baseUrl, 5_000));
    expect(standIn.delivered.at(-1)?.email.subject).toBe('[PROVA] Novità');
  });
});
