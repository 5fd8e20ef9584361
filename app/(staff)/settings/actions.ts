'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { MAX_REMINDER_DAYS, setReminderDays } from '@/lib/campsites/service';
import { z } from '@/lib/validation';

export const saveQuoteOptionsAction = staffAction(
  z.object({
    reminderDays: z
      .number('Giorni del sollecito: scrivi un numero')
      .int('Giorni del sollecito: un numero intero')
      .min(0, 'Giorni del sollecito: da 0 a 60')
      .max(MAX_REMINDER_DAYS, `Giorni del sollecito: da 0 a ${MAX_REMINDER_DAYS}`),
  }),
  async (tenant, input, db) => {
    const reminderDays = await setReminderDays(db, tenant, input.reminderDays);
    revalidatePath('/settings');
    return { reminderDays };
  },
);
