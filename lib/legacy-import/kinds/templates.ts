import { count, eq } from 'drizzle-orm';
import { languages, templates } from '@/db/schema';
import { legacyTemplateSchema, toLegacyTemplate, type LegacyTemplate } from '@/lib/legacy-api/shapes/template';
import { getTemplate } from '@/lib/templates/service';
import { z } from '@/lib/validation';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';

const KIND = 'template';

/**
 * Modelli e-mail with their old ids: name, html, note, images, language, isSollecito, creation
 * date and __v, written as the old system holds them (its reminder rule already held there).
 * The images are the old image ids, through the map of kind 'immagini' when one was renamed.
 * Not crossing: our `purpose` (quote or newsletter) is not in the contract; the old system's
 * templates are quote templates, so they come in as such.
 */
export const templatesKind: LegacyKind = {
  name: KIND,
  label: 'Modelli e-mail',
  async *pages(client) {
    yield { items: await client.json('POST', '/getTemplate/all', z.array(z.unknown()), {}), cursor: null };
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach(KIND, items, legacyTemplateSchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId, ids } = ctx;
    const known = new Set((await db.select({ id: languages.id }).from(languages)).map((row) => row.id));
    const accepted: LegacyTemplate[] = [];
    for (const template of records) {
      if (template.lang !== null && !known.has(template.lang)) skipped.push({ kind: KIND, oldId: template._id, reason: `lingua ${template.lang} sconosciuta qui` });
      else accepted.push(template);
    }
    await ids.load(db, 'immagini', [...new Set(accepted.flatMap((template) => template.images))]);
    const rows = accepted.map((template) => ({
      id: template._id,
      campingId: campsiteId,
      name: template.name,
      html: template.html,
      note: template.note,
      imageIds: template.images.map((image) => ids.resolve('immagini', image)),
      languageId: template.lang,
      isReminder: template.isSollecito,
      createdAt: new Date(template.date_creation),
      version: template.__v,
    }));
    const outcome = await upsertKeepingIds(ctx, templates, KIND, rows, ['name', 'html', 'note', 'imageIds', 'languageId', 'isReminder', 'createdAt', 'version']);
    return { written: outcome.written.length, unchanged: outcome.unchanged.length, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(templates).where(eq(templates.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const row = await getTemplate(ctx, ctx.ids.resolve(KIND, oldId)).catch(() => null);
    return row ? comparable(toLegacyTemplate(row)) : null;
  },
  async showThere(client, oldId) {
    // The whole list loosely: one invalid template (skipped by the import) must not fail the report.
    const all = await client.json('POST', '/getTemplate/all', z.array(z.object({ _id: z.string() }).loose()), {});
    const template = legacyTemplateSchema.safeParse(all.find((entry) => entry._id === oldId));
    return template.success ? comparable(template.data) : null;
  },
};

/** The fields a template keeps across systems (images compared by count: renamed ids differ). */
const comparable = (template: LegacyTemplate) => ({
  name: template.name,
  html: template.html,
  note: template.note,
  images: template.images.length,
  lang: template.lang,
  isSollecito: template.isSollecito,
  date_creation: template.date_creation,
  __v: template.__v,
});
