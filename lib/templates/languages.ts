import { asc } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { languages } from '@/db/schema';

export type LanguageOption = { id: number; name: string };

/** The shared list of languages a template may be written in (reference data, no tenant). */
export async function templateLanguages(db: DbOrTx): Promise<LanguageOption[]> {
  return db.select({ id: languages.id, name: languages.name }).from(languages).orderBy(asc(languages.id));
}
