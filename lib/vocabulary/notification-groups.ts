/** What a notification is about (the column notifications.group). */
export type NotificationGroup = 'preventivo' | 'accettazione' | 'richiesta' | 'domanda' | 'risposta';
