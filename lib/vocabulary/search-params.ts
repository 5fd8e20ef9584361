/** A page's searchParams as Next hands them over: a key may come once, repeated, or not at all. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a key (a repeated one counts once), as the lists' addresses are read. */
export const firstParam = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
