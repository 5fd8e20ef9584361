'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { changeOwnPassword, updateOwnAccount } from '@/lib/users/account';
import { createUser, deleteUser, resetUserPassword, updateUser } from '@/lib/users/service';
import { accountSchema, newUserSchema, ownPasswordSchema, resetPasswordSchema, userEditSchema } from '@/lib/users/validation';
import { z } from '@/lib/validation';

const userId = z.object({ id: z.string().trim().min(1).max(100) });

function refresh() {
  revalidatePath('/settings');
  revalidatePath('/settingsL');
}

export const createUserAction = staffAction(newUserSchema.omit({ camping: true, name: true }), async (ctx, input) => {
  const created = await createUser(ctx, input);
  refresh();
  return { id: created.id };
});

export const updateUserAction = staffAction(userEditSchema.extend(userId.shape), async (ctx, { id, ...input }) => {
  const updated = await updateUser(ctx, id, input);
  refresh();
  return { id: updated.id };
});

export const resetUserPasswordAction = staffAction(resetPasswordSchema.extend(userId.shape), async (ctx, input) => {
  await resetUserPassword(ctx, input.id, input.password);
  return { id: input.id };
});

export const deleteUserAction = staffAction(userId, async (ctx, input) => {
  await deleteUser(ctx, input.id);
  refresh();
  return { id: input.id };
});

/** Account CRM is open to every user, service accounts included. */
export const updateAccountAction = staffAction(
  accountSchema,
  async (ctx, input) => {
    const updated = await updateOwnAccount(ctx, input);
    refresh();
    return { name: updated.name, email: updated.email };
  },
  { packLevel: 0 },
);

export const changeOwnPasswordAction = staffAction(
  ownPasswordSchema,
  async (ctx, input) => {
    await changeOwnPassword(ctx, input);
    return { changed: true };
  },
  { packLevel: 0 },
);
