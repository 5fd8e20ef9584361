'use server';

import { revalidatePath } from 'next/cache';
import { staffAction } from '@/lib/actions';
import { reminderDaysSchema, updateReminderDays } from '@/lib/campsites/quote-options';
import { saveQuoteSender } from '@/lib/configurations/service';
import { quoteSenderSchema } from '@/lib/configurations/validation';
import { z } from '@/lib/validation';

/** Quote options: anyone reads them, only the campsite's admin saves (the services refuse others with 403). */
export const saveQuoteOptionsAction = staffAction(z.object({ reminderDays: reminderDaysSchema }), async (ctx, input) => {
  const reminderDays = await updateReminderDays(ctx, input.reminderDays);
  revalidatePath('/settings');
  return { reminderDays };
});

export const saveQuoteSenderAction = staffAction(quoteSenderSchema, async (ctx, input) => {
  const sender = await saveQuoteSender(ctx, input);
  revalidatePath('/settings');
  return sender;
});
