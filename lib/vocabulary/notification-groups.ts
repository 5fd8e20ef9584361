/**
 * What a notification is about (the column notifications.group). 'opinione': a guest's low
 * survey score (0–6), «Ospite insoddisfatto».
 */
export type NotificationGroup = 'preventivo' | 'accettazione' | 'richiesta' | 'domanda' | 'risposta' | 'opinione';
