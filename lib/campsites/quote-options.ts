import type { StaffCtx } from '@/lib/context/unit-of-work';
import { z } from '@/lib/validation';
import { MAX_REMINDER_DAYS } from './service';
import { saveCampsitePatch } from './settings';
import { writeCampsiteScope } from './settings-scope';

export const reminderDaysSchema = z
  .number('Giorni del sollecito: scrivi un numero')
  .int('Giorni del sollecito: un numero intero')
  .min(0, `Giorni del sollecito: da 0 a ${MAX_REMINDER_DAYS}`)
  .max(MAX_REMINDER_DAYS, `Giorni del sollecito: da 0 a ${MAX_REMINDER_DAYS}`);

/** The quote options' reminder days: everyone reads them, the campsite's admin changes them (audited). */
export async function updateReminderDays(ctx: StaffCtx, days: number): Promise<number> {
  const id = writeCampsiteScope(ctx.tenant);
  const reminderDays = reminderDaysSchema.parse(days);
  const row = await saveCampsitePatch(ctx, id, () => ({ reminderDays }), { action: 'campsite.settings.reminder', summary: 'Giorni del sollecito modificati' });
  return row.reminderDays;
}
