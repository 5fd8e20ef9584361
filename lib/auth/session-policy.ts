/** How long a session lives, in days, by kind; shared by the cookie and the sessions table. */
export const SESSION_DAYS = { web: 14, api: 30 } as const;
