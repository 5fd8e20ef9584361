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

export const createUserAction = staffAction(newUserSchema.omit({ camping: true, name: true }), async ({ tenant, db }, input) => {
  const created = await createUser(db, tenant, input);
  refresh();
  return { id: created.id };
});

export const updateUserAction = staffAction(userEditSchema.extend(userId.shape), async ({ tenant, db }, { id, ...input }) => {
  const updated = await updateUser(db, tenant, id, input);
  refresh();
  return { id: updated.id };
});

export const resetUserPasswordAction = staffAction(resetPasswordSchema.extend(userId.shape), async ({ tenant, db }, input) => {
  await resetUserPassword(db, tenant, input.id, input.password);
  return { id: input.id };
});

export const deleteUserAction = staffAction(userId, async ({ tenant, db }, input) => {
  await deleteUser(db, tenant, input.id);
  refresh();
  return { id: input.id };
});

/** Account CRM is open to every user, service accounts included. */
export const updateAccountAction = staffAction(
  accountSchema,
  async ({ tenant, db }, input) => {
    const updated = await updateOwnAccount(db, tenant, input);
    refresh();
    return { name: updated.name, email: updated.email };
  },
  { packLevel: 0 },
);

export const changeOwnPasswordAction = staffAction(
  ownPasswordSchema,
  async ({ tenant, db }, input) => {
    await changeOwnPassword(db, tenant, input);
    return { changed: true };
  },
  { packLevel: 0 },
);
