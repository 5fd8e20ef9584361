'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { requireOperator } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { PERIODIC_JOBS } from '@/lib/workflows/periodic-jobs';
import { runJobNow } from '@/lib/workflows/job-runner';
import { z } from '@/lib/validation';

const queueSchema = z.object({ queue: z.enum(PERIODIC_JOBS.map((job) => job.queue) as [string, ...string[]], 'Attività sconosciuta.') });

/** "Esegui ora": one more run of a periodic job, taken by the next free worker. */
export const runJobNowAction = staffAction(queueSchema, async ({ tenant }, input) => {
  requireOperator(tenant);
  const id = await runJobNow(input.queue);
  if (!id) throw new AppError('conflict', 'L’attività è già in coda: riprova tra poco.');
  revalidatePath('/settings');
  return { id };
});
