import { cache } from 'react';
import { staffPage, type StaffRequest } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';
import { getList, type ListSummary } from '@/lib/lists/service';

/**
 * Once per request (metadata and page share it): the list with its counts, or null for an
 * unknown id or another campsite's (the page then answers 404).
 */
export const findList = cache(async (listId: string): Promise<{ campsiteId: string; list: ListSummary | null; run: StaffRequest['run'] }> => {
  const { tenant, run } = await staffPage({ packLevel: 10 });
  try {
    return { campsiteId: tenant.campsiteId, run, list: await run((ctx) => getList(ctx, { listId })) };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return { campsiteId: tenant.campsiteId, run, list: null };
    throw error;
  }
});
