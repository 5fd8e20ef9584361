'use server';

import { headers } from 'next/headers';
import { clientInfo } from '@/lib/auth/client-info';
import { runGuestWork, runSystemWork } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { publicOrigin } from '@/lib/mail/origin';
import { withMissGuard } from '@/lib/rate-limit/misses';
import { requestNewQuoteByGuest } from '@/lib/public-quotes/renew';
import { limiter } from '@/lib/rate-limit/limiter';
import { askQuestion, type AskedQuestion, type QuestionRefusal } from '@/lib/quote-questions/service';
import { z } from '@/lib/validation';
import { logger } from '@/lib/ops/logger.mjs';

export type AskResult = { ok: true; data: AskedQuestion } | { ok: false; code: QuestionRefusal | 'generic' };

const id = z.string().trim().min(1).max(100);
// The question's own length is the service's to judge (and to say in the guest's words).
const input = z.object({ campsiteId: id, quoteId: id, contactId: id, cardIdx: z.number().int().min(0).max(50).nullable(), text: z.string().max(5000) });

/**
 * The mini-site's "Hai una domanda?". Anyone can post to an action, so the three ids are the
 * capability and must belong together (else not found, counted as a miss of the address). The
 * answer is a code: the island says it in the guest's language and keeps the typed text.
 */
export async function askQuoteQuestion(values: z.input<typeof input>): Promise<AskResult> {
  const parsed = input.safeParse(values);
  if (!parsed.success) return { ok: false, code: 'generic' };
  const client = clientInfo(await headers());
  const origin = await publicOrigin();
  try {
    // The miss is counted on the owner's handle: a guest's failed work rolls back, its miss must not.
    const asked = await runSystemWork('guest miss guard', ({ db }) =>
      withMissGuard(db, client.ip, () => runGuestWork(parsed.data.campsiteId, (ctx) => askQuestion(ctx, { ...parsed.data, ip: client.ip, origin }))),
    );
    return { ok: true, data: asked };
  } catch (error) {
    const code = error instanceof AppError ? (error.details?.code as QuestionRefusal | undefined) : undefined;
    if (code) return { ok: false, code };
    if (error instanceof AppError && error.kind === 'rate_limited') return { ok: false, code: 'rate_limited' };
    if (!(error instanceof AppError)) logger.error({ err: error }, 'Errore non gestito nella domanda di un cliente');
    return { ok: false, code: 'generic' };
  }
}

export type RenewResult = { ok: true; filed: boolean } | { ok: false; code: 'rate_limited' | 'generic' };

/** Asking again files nothing new within a day; past a few clicks a minute, an address is a script. */
const renewalsPerAddress = limiter('rinnovo-preventivo:address', { points: 10, durationSeconds: 10 * 60 });
const renewInput = z.object({ campsiteId: id, quoteId: id, contactId: id });

/**
 * The expired quote's "Richiedi un nuovo preventivo". A guest action, as the question is: the
 * legacy route table stays the booking platform's contract. The three ids are the capability.
 */
export async function requestNewQuote(values: z.input<typeof renewInput>): Promise<RenewResult> {
  const parsed = renewInput.safeParse(values);
  if (!parsed.success) return { ok: false, code: 'generic' };
  const client = clientInfo(await headers());
  try {
    const outcome = await runSystemWork('guest rate limits', async ({ db }) => {
      if (client.ip && !(await renewalsPerAddress.consume(db, client.ip)).allowed) return null;
      return withMissGuard(db, client.ip, () => runGuestWork(parsed.data.campsiteId, (ctx) => requestNewQuoteByGuest(ctx, parsed.data)));
    });
    if (!outcome) return { ok: false, code: 'rate_limited' };
    return { ok: true, filed: outcome.filed };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'rate_limited') return { ok: false, code: 'rate_limited' };
    if (!(error instanceof AppError)) logger.error({ err: error }, 'Errore non gestito nella richiesta di un nuovo preventivo');
    return { ok: false, code: 'generic' };
  }
}
