import { createHash } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { images } from '@/db/schema';
import type { LegacyImportSkip } from '@/db/schema';
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, sniffFormat } from '@/lib/images/encode';
import { getImageWithData } from '@/lib/images/service';
import { legacyImageSchema, toLegacyImage } from '@/lib/legacy-api/shapes/image';
import { z } from '@/lib/validation';
import type { LegacyClient } from '../client';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';

/** Few a page: each brings its bytes (up to 15 MB) inside the page's transaction. */
const PAGE = 10;
const pageSchema = z.object({ images: z.array(z.unknown()), nextCursor: z.string().nullable() }).loose();
/** What we store and serve: our uploads are re-encoded to these two, and a mail client shows both. */
const STORED_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png' };

type Fetched = { bytes: Buffer; contentType: string | null };
/** An image as read for the import: the record, and how to fetch its bytes when they are not here yet. */
type ImportedImage = z.output<typeof legacyImageSchema> & { fetchBytes: () => Promise<Fetched> };

const withBytes = (client: LegacyClient) => (item: unknown) =>
  item && typeof item === 'object' && '_id' in item
    ? { ...item, fetchBytes: () => client.bytes(`/getImage/${encodeURIComponent(String((item as { _id: unknown })._id))}`) }
    : item;

/** Why these bytes cannot be an image here, or null when they can (checked before anything is written). */
async function refusal(bytes: Buffer): Promise<string | null> {
  if (bytes.length === 0) return 'il file è vuoto';
  if (bytes.length > MAX_UPLOAD_BYTES) return `il file supera il limite di 15 MB (${bytes.length} byte)`;
  const format = sniffFormat(bytes);
  if (!format || !STORED_TYPES[format]) return `formato ${format ?? 'sconosciuto'} non accettato (solo JPEG e PNG)`;
  try {
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!header.width || !header.height) return 'immagine senza dimensioni leggibili';
    if (header.width * header.height > MAX_INPUT_PIXELS) return `immagine troppo grande (${header.width}×${header.height} pixel, al massimo 40 megapixel)`;
  } catch {
    return 'il file non è un’immagine leggibile';
  }
  return null;
}

/**
 * Immagini with their bytes, newest first (the old image manager's order). The bytes are copied as
 * they are, byte for byte, and only for images not already here with the same size: an id there
 * always names the same bytes (an edit changes only type, category and alt), so a second run
 * downloads nothing. Images are kept as JPEG or PNG only, up to our upload limit.
 */
export const imagesKind: LegacyKind = {
  name: 'immagini',
  label: 'Immagini',
  async *pages(client, from) {
    let cursor = from.cursor;
    do {
      const page = await client.json('POST', '/imageManager/lazy', pageSchema, { limit: PAGE, ...(cursor ? { cursor } : {}) });
      cursor = page.nextCursor;
      yield { items: page.images.map(withBytes(client)), cursor };
    } while (cursor);
  },
  async write(ctx, items) {
    const parsed = parseEach('immagini', items, legacyImageSchema.extend({ fetchBytes: z.custom<() => Promise<Fetched>>((value) => typeof value === 'function') }));
    const skipped: LegacyImportSkip[] = parsed.skipped;
    const records = parsed.records as ImportedImage[];
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId } = ctx;
    await ctx.ids.load(db, 'immagini', records.map((image) => image._id));
    const present = await db
      .select({ id: images.id, byteSize: images.byteSize })
      .from(images)
      .where(and(eq(images.campingId, campsiteId), inArray(images.id, records.map((image) => ctx.ids.resolve('immagini', image._id)))));
    const sizeHere = new Map(present.map((row) => [row.id, row.byteSize]));
    const rows = [];
    for (const image of records) {
      if (image.size > MAX_UPLOAD_BYTES) {
        skipped.push({ kind: 'immagini', oldId: image._id, reason: `il file supera il limite di 15 MB (${image.size} byte)` });
        continue;
      }
      const base = {
        id: image._id,
        campingId: campsiteId,
        fileName: image.name,
        typologyId: image.type,
        category: image.category,
        alt: image.alt,
        createdAt: new Date(image.date_creation),
      };
      if (sizeHere.get(ctx.ids.resolve('immagini', image._id)) === image.size) {
        rows.push({ ...base, mimeType: image.mimetype, width: image.width, height: image.height, byteSize: image.size, data: undefined });
        continue;
      }
      const { bytes } = await image.fetchBytes();
      const why = await refusal(bytes);
      if (why) {
        skipped.push({ kind: 'immagini', oldId: image._id, reason: why });
        continue;
      }
      const header = await sharp(bytes, { limitInputPixels: false }).metadata();
      rows.push({ ...base, mimeType: STORED_TYPES[sniffFormat(bytes)!], width: header.width!, height: header.height!, byteSize: bytes.length, data: bytes });
    }
    // Rows whose bytes are already here carry no data: written with the others, their bytes untouched.
    const known = rows.filter((row) => row.data === undefined).map(({ data: _data, ...row }) => row);
    const fresh = rows.filter((row): row is typeof row & { data: Buffer } => row.data !== undefined);
    // What an edit there can change; type, size and dimensions belong to the bytes and move only with them.
    const editable = ['fileName', 'typologyId', 'category', 'alt', 'createdAt'] as const;
    const first = await upsertKeepingIds(ctx, images, 'immagini', fresh, [...editable, 'mimeType', 'width', 'height', 'byteSize', 'data']);
    const second = known.length
      ? await upsertKeepingIds(ctx, images, 'immagini', known.map((row) => ({ ...row, data: Buffer.alloc(0) })), [...editable])
      : { written: [], unchanged: [] };
    return { written: first.written.length + second.written.length, unchanged: first.unchanged.length + second.unchanged.length, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ n: count() }).from(images).where(eq(images.campingId, campsiteId));
    return row.n;
  },
  async showHere(ctx, oldId) {
    const image = await getImageWithData(ctx, ctx.ids.resolve('immagini', oldId)).catch(() => null);
    return image ? { ...comparable(toLegacyImage(image)), sha256: sha256(image.data) } : null;
  },
  async showThere(client, oldId) {
    const answer = await client
      .json('POST', `/imageManager/getImageObject/${encodeURIComponent(oldId)}`, legacyImageSchema.extend({ data: z.string() }))
      .catch(() => null);
    return answer ? { ...comparable(answer), sha256: sha256(Buffer.from(answer.data, 'base64')) } : null;
  },
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The fields an image keeps across systems (its url names the server it is on). */
const comparable = (image: z.output<typeof legacyImageSchema>) => ({
  name: image.name,
  mimetype: image.mimetype,
  width: image.width,
  height: image.height,
  size: image.size,
  type: image.type,
  category: image.category,
  alt: image.alt,
  date_creation: image.date_creation,
});
