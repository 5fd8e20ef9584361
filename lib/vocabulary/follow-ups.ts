/** Why the CRM suggested a follow-up; a staff member's own follow-up has none. */
export const FOLLOW_UP_SUGGESTIONS = ['non_aperto', 'senza_risposta', 'validita_in_scadenza', 'domanda_senza_risposta'] as const;
export type FollowUpSuggestion = (typeof FOLLOW_UP_SUGGESTIONS)[number];
/**
 * Why a follow-up exists besides a staff member's own: a suggestion settled, or a quote put in
 * someone's charge ('assegnato', one per quote, moved to each new owner).
 */
export type FollowUpOrigin = FollowUpSuggestion | 'assegnato';

/** What a follow-up is about: a quote, a request (a quote in progress «richiesta») or a contact. */
export type FollowUpSubject = 'quote' | 'request' | 'contact';
