'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { saveCvMailSettings } from '@/lib/configurations/cv-mail-settings';
import { cvMailSettingsSchema } from '@/lib/configurations/validation';

/** /settings/mailCV and /settings/mailCVL: open to service accounts like the pages themselves. */
export const saveCvMailSettingsAction = staffAction(
  cvMailSettingsSchema,
  async (ctx, input) => {
    const settings = await saveCvMailSettings(ctx, input);
    for (const path of ['/settings/mailCV', '/settings/mailCVL', '/emailCV', '/emailCVL']) revalidatePath(path);
    return settings;
  },
  { packLevel: 0 },
);
