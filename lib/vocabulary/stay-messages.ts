/** The automatic mails of a guest's stay, at most one of each kind per stay (stay_messages). */
export const STAY_MESSAGE_KINDS = ['pre_arrival', 'day_before', 'post_stay'] as const;
export type StayMessageKind = (typeof STAY_MESSAGE_KINDS)[number];

/** queued: the mail is in the outbox; skipped: a staff member skipped it, or the guest cannot get it. */
export type StayMessageStatus = 'queued' | 'skipped';
