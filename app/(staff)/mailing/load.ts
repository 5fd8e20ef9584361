import { cache } from 'react';
import { requireStaff } from '@/lib/auth/staff';
import { AppError } from '@/lib/errors';
import { getList, type ListSummary } from '@/lib/lists/service';
import { staffRead } from '@/lib/auth/staff-read';

/**
 * Once per request (metadata and page share it): the list with its counts, or null for an
 * unknown id or another campsite's (the page then answers 404).
 */
export const findList = cache(async (listId: string): Promise<{ campsiteId: string; list: ListSummary | null }> => {
  const tenant = await requireStaff({ packLevel: 10 });
  try {
    return { campsiteId: tenant.campsiteId, list: await staffRead(tenant, (db) => getList(db, { campsiteId: tenant.campsiteId, listId })) };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') return { campsiteId: tenant.campsiteId, list: null };
    throw error;
  }
});
