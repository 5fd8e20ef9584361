'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { refreshDashboard } from '@/lib/dashboard/service';
import { z } from '@/lib/validation';

/** "Aggiorna ora": rebuilds the campsite's aggregates, then the page reads them again. */
export const refreshDashboardAction = staffAction(z.object({}), async (ctx) => {
  const result = await refreshDashboard(ctx);
  revalidatePath('/dashboard');
  return { refreshedAt: result.refreshedAt.toISOString() };
});
