/**
 * A child process for tests/integration/sigkill-mid-write.test.ts: saves quotes with two cards each
 * through the quotes service, one transaction each, as fast as it can, and prints the id of every
 * quote whose transaction committed. The test kills it with SIGKILL at a random moment.
 */
import { openDatabase } from '@/db/client';
import { DemoBookingPlatform } from '@/lib/booking-platform/demo-platform';
import { createQuote } from '@/lib/quotes/service';
import type { Tenant } from '@/lib/tenant';
import { MOBILE_HOME_CARD, PITCH_CARD, quoteInput } from './quotes';
import { ctxFor } from './ctx';

const { WRITER_DATABASE_URL: url, WRITER_PGLITE_DIR: pgliteDir, WRITER_TENANT: tenantJson, WRITER_CONTACT_ID: contactId, WRITER_PREFIX: prefix } = process.env;
const handle = openDatabase(url ? { url } : { pgliteDir });
const tenant = JSON.parse(tenantJson!) as Tenant;
const platform = new DemoBookingPlatform();

for (let n = 0; ; n++) {
  const quote = await createQuote(ctxFor(handle.db, tenant), quoteInput({ contactId, name: `${prefix}-${n}`, saveAs: 'nuovo', cards: [PITCH_CARD, MOBILE_HOME_CARD] }), platform);
  process.stdout.write(`salvato ${quote.id}\n`);
}
