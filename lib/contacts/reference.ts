import { asc, eq } from 'drizzle-orm';
import { languages, nations } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { campsiteTagNames } from './service';

export type ContactFormOptions = {
  languages: { id: number; name: string }[];
  nations: { id: number; name: string; phonePrefix: string; languageId: number | null }[];
  /** The campsite's contact tags, as the settings spell them. */
  tags: string[];
};

/** What the contact form offers: the shared languages and nations, the campsite's own tags. */
export async function contactFormOptions(ctx: CampsiteCtx): Promise<ContactFormOptions> {
  const db = ctx.db;
  const [languageRows, nationRows, tags] = await Promise.all([
    db.select({ id: languages.id, name: languages.name }).from(languages).orderBy(asc(languages.id)),
    db
      .select({ id: nations.id, name: nations.name, phonePrefix: nations.phonePrefix, languageId: nations.languageId })
      .from(nations)
      .orderBy(asc(nations.name)),
    campsiteTagNames(ctx),
  ]);
  return { languages: languageRows, nations: nationRows, tags: [...tags.values()] };
}

/** A nation's name, for a list filtered by nationality; null for 0 ("not given") or an unknown id. */
export async function nationNameOf(ctx: CampsiteCtx, nationId: number): Promise<string | null> {
  if (!nationId) return null;
  const [row] = await ctx.db.select({ name: nations.name }).from(nations).where(eq(nations.id, nationId));
  return row?.name ?? null;
}
