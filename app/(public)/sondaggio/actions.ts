'use server';

import { headers } from 'next/headers';
import { clientInfo } from '@/lib/auth/client-info';
import { runGuestWork, runSystemWork } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/ops/logger.mjs';
import { limiter } from '@/lib/rate-limit/limiter';
import { withMissGuard } from '@/lib/rate-limit/misses';
import { answerSurvey, type SurveyRefusal } from '@/lib/surveys/answer';
import { toSentAnswer, type SentSurveyAnswer } from '@/lib/surveys/sent-answer';
import type { SurveyFieldErrors } from '@/lib/surveys/validation';
import { z } from '@/lib/validation';

export type SurveyActionResult =
  | { ok: true; data: SentSurveyAnswer }
  | { ok: false; code: SurveyRefusal | 'not_found' | 'rate_limited' | 'generic'; fieldErrors?: SurveyFieldErrors };

/** A guest answers once and perhaps corrects it; past a few sends a minute, an address is a script. */
const answersPerAddress = limiter('sondaggio:address', { points: 20, durationSeconds: 10 * 60 });
const id = z.string().trim().min(1).max(100);
const envelope = z.object({ campsiteId: id, token: id, answer: z.record(z.string(), z.unknown()) });

/**
 * The survey page's "Invia". Anyone can post to an action: the campsite id walls the work and
 * the token is the capability (a miss counts against the address). The answer's own checks are
 * the service's; the result is a code the page says in the guest's language.
 */
export async function sendSurveyAnswer(values: z.input<typeof envelope>): Promise<SurveyActionResult> {
  const parsed = envelope.safeParse(values);
  if (!parsed.success) return { ok: false, code: 'generic' };
  const client = clientInfo(await headers());
  const { campsiteId, token, answer } = parsed.data;
  try {
    const sent = await runSystemWork('guest rate limits', async ({ db }) => {
      if (client.ip && !(await answersPerAddress.consume(db, client.ip)).allowed) return null;
      return withMissGuard(db, client.ip, () => runGuestWork(campsiteId, (ctx) => answerSurvey(ctx, { token, answer })));
    });
    if (!sent) return { ok: false, code: 'rate_limited' };
    return { ok: true, data: toSentAnswer(sent) };
  } catch (error) {
    if (error instanceof AppError) {
      const code = error.details?.code as SurveyRefusal | undefined;
      if (code) return { ok: false, code, fieldErrors: error.details?.fieldErrors as SurveyFieldErrors | undefined };
      if (error.kind === 'not_found') return { ok: false, code: 'not_found' };
      if (error.kind === 'rate_limited') return { ok: false, code: 'rate_limited' };
    } else logger.error({ err: error }, 'Errore non gestito nella risposta a un sondaggio');
    return { ok: false, code: 'generic' };
  }
}
