'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { createCampsite, deleteCampsite } from '@/lib/campsites/admin';
import { deleteCampsiteSchema, newCampsiteSchema } from '@/lib/campsites/admin-validation';

export const addCampsiteAction = staffAction(newCampsiteSchema, async ({ tenant, db }, input) => {
  const { campsite } = await createCampsite(db, tenant, input);
  revalidatePath('/settings');
  return { id: campsite.id, name: campsite.name };
});

export const deleteCampsiteAction = staffAction(deleteCampsiteSchema, async ({ tenant, db }, input) => {
  const summary = await deleteCampsite(db, tenant, input);
  revalidatePath('/settings');
  return { name: summary.name };
});
