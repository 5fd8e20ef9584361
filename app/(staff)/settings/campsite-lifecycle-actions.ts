'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { createCampsite, deleteCampsite } from '@/lib/campsites/admin';
import { deleteCampsiteSchema, newCampsiteSchema } from '@/lib/campsites/admin-validation';

export const addCampsiteAction = staffAction(newCampsiteSchema, async (ctx, input) => {
  const { campsite } = await createCampsite(ctx, input);
  revalidatePath('/settings');
  return { id: campsite.id, name: campsite.name };
});

export const deleteCampsiteAction = staffAction(deleteCampsiteSchema, async (ctx, input) => {
  const summary = await deleteCampsite(ctx, input);
  revalidatePath('/settings');
  return { name: summary.name };
});
