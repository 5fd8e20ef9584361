'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { createUpdate, deleteUpdate } from '@/lib/updates/service';
import { newUpdateSchema, updateIdSchema } from '@/lib/updates/validation';
import { z } from '@/lib/validation';

export const postUpdateAction = staffAction(newUpdateSchema, async (ctx, input) => {
  const update = await createUpdate(ctx, input);
  revalidatePath('/settings');
  return { id: update.id };
});

export const deleteUpdateAction = staffAction(z.object({ id: updateIdSchema }), async (ctx, input) => {
  await deleteUpdate(ctx, input.id);
  revalidatePath('/settings');
  return { id: input.id };
});
