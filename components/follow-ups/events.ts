/** Sent on the window when a follow-up changes on the page: the bell checks again at once. */
export const FOLLOW_UPS_CHANGED = 'crm:follow-ups-changed';

export const announceFollowUpsChanged = () => window.dispatchEvent(new Event(FOLLOW_UPS_CHANGED));

const when = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const hour = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

/** dd/mm/yyyy hh:mm on Rome's clock. */
export const formatWhen = (iso: string) => when.format(new Date(iso)).replace(',', '');
export const formatHour = (iso: string) => hour.format(new Date(iso));
