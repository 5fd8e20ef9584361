'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { publicOrigin } from '@/lib/mail/origin';
import { inviteUsersOfImport } from '@/lib/workflows/invite-imported-users';
import { readLegacyImport, resumeLegacyImport, startLegacyImport } from '@/lib/legacy-import-runs/service';
import { importIdSchema, resumeImportSchema, startImportSchema } from '@/lib/legacy-import-runs/validation';

/** «Avvia importazione» (operator only): the run is queued, its progress is read with legacyImportProgressAction. */
export const startLegacyImportAction = staffAction(startImportSchema, async (ctx, input) => {
  const started = await startLegacyImport(ctx, input);
  revalidatePath('/settings');
  return started;
});

/** «Riprendi» a failed import with the old CRM's login typed again. */
export const resumeLegacyImportAction = staffAction(resumeImportSchema, async (ctx, input) => {
  const resumed = await resumeLegacyImport(ctx, input);
  revalidatePath('/settings');
  return resumed;
});

/** The progress view's poll: the import's row as the screen shows it. */
export const legacyImportProgressAction = staffAction(importIdSchema, (ctx, input) => readLegacyImport(ctx, input.importId));

/** «Invia gli inviti»: each user the import brought over gets a one-time link to choose a password; asking again sends nothing new. */
export const inviteImportedUsersAction = staffAction(importIdSchema, async (ctx, input) => {
  const outcome = await inviteUsersOfImport(ctx, input.importId, { origin: await publicOrigin() });
  revalidatePath('/settings');
  return outcome;
});
