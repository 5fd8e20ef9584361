import type { Database } from '@/db/client';
import { z } from '@/lib/validation';
import { MAX_REMINDER_DAYS } from './service';
import { saveCampsitePatch } from './settings';
import { writeCampsiteScope, type SettingsActor } from './settings-scope';

export const reminderDaysSchema = z
  .number('Giorni del sollecito: scrivi un numero')
  .int('Giorni del sollecito: un numero intero')
  .min(0, `Giorni del sollecito: da 0 a ${MAX_REMINDER_DAYS}`)
  .max(MAX_REMINDER_DAYS, `Giorni del sollecito: da 0 a ${MAX_REMINDER_DAYS}`);

/** The quote options' reminder days: everyone reads them, the campsite's admin changes them (audited). */
export async function updateReminderDays(db: Database, tenant: SettingsActor, days: number): Promise<number> {
  const id = writeCampsiteScope(tenant);
  const reminderDays = reminderDaysSchema.parse(days);
  const row = await saveCampsitePatch(db, tenant, id, () => ({ reminderDays }), { action: 'campsite.settings.reminder', summary: 'Giorni del sollecito modificati' });
  return row.reminderDays;
}
