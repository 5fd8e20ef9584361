import { sql } from 'drizzle-orm';

/** '(id1, id2, …)' for the IN of a raw SQL statement; callers never pass an empty list. */
export const idList = (ids: string[]) => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
