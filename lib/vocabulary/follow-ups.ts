/** Why the CRM suggested a follow-up; a staff member's own follow-up has none. */
export const FOLLOW_UP_SUGGESTIONS = ['non_aperto', 'senza_risposta', 'validita_in_scadenza', 'domanda_senza_risposta'] as const;
export type FollowUpSuggestion = (typeof FOLLOW_UP_SUGGESTIONS)[number];

/** What a follow-up is about: a quote, a request (a quote in progress «richiesta») or a contact. */
export type FollowUpSubject = 'quote' | 'request' | 'contact';
