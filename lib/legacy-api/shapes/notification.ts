import type { NotificationRow } from '@/lib/notifications/service';
import { z } from '@/lib/validation';

/** A notification as the legacy JSON shows it. */
export const legacyNotificationSchema = z.object({
  _id: z.string(),
  group: z.enum(['preventivo', 'accettazione', 'richiesta', 'domanda']),
  title: z.string(),
  desc: z.string(),
  date: z.string().describe('ISO 8601'),
  link: z.object({ idPreventivo: z.string().nullable(), idCliente: z.string().nullable() }),
  read: z.boolean(),
});
export const notificationsResultSchema = z.object({ notif: z.array(legacyNotificationSchema), count: z.number().describe('tutte le notifiche del campeggio') });

/** A notification as the legacy front end reads it: the link carries the quote and the guest. */
export function toLegacyNotification(row: NotificationRow): z.infer<typeof legacyNotificationSchema> {
  return {
    _id: row.id,
    // The legacy front end knows four groups: a guest's mail or low survey score reads there as the question it is.
    group: row.group === 'risposta' || row.group === 'opinione' ? 'domanda' : row.group,
    title: row.title,
    desc: row.description,
    date: row.createdAt.toISOString(),
    link: { idPreventivo: row.quoteId, idCliente: row.contactId },
    read: row.readAt !== null,
  };
}
