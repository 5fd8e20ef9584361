import { and, desc, eq, sql } from 'drizzle-orm';
import { images } from '@/db/schema';
import type { CampsiteCtx, Ctx } from '@/lib/context/unit-of-work';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import { AppError } from '@/lib/errors';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import { encodeImage } from './encode';
import { imageUrl } from './links';
import { imageDetailsSchema, imageListQuerySchema, imagePatchSchema, type ImageListQuery, type ImagePatch } from './validation';

export type ImageSummary = {
  id: string;
  campsiteId: string;
  fileName: string;
  mimeType: string;
  width: number;
  height: number;
  byteSize: number;
  typologyId: string | null;
  category: string | null;
  alt: string;
  createdAt: Date;
  url: string;
};

export const IMAGE_NOT_FOUND = 'Immagine non trovata.';
const notFound = () => new AppError('not_found', IMAGE_NOT_FOUND);

// Every column but the bytes: lists never carry the pictures themselves.
const summaryColumns = {
  id: images.id,
  campsiteId: images.campingId,
  fileName: images.fileName,
  mimeType: images.mimeType,
  width: images.width,
  height: images.height,
  byteSize: images.byteSize,
  typologyId: images.typologyId,
  category: images.category,
  alt: images.alt,
  createdAt: images.createdAt,
};

const withUrl = (row: Omit<ImageSummary, 'url'>): ImageSummary => ({ ...row, url: imageUrl(row.id) });

/** A staff change to the pictures shows on the guest mini-site at once. */
const touched = (campsiteId: string) => invalidate([cacheTags.campsite(campsiteId)]);

/** A file name to show, without any folder a browser may have sent. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'immagine').slice(0, 200);
}

export type UploadInput = { bytes: Uint8Array; fileName: string; typologyId?: string | null; category?: string | null; alt?: string };

/** Stores the re-encoded picture (never the bytes as sent) for the campsite. */
export async function uploadImage(ctx: CampsiteCtx, input: UploadInput): Promise<ImageSummary> {
  const details = imageDetailsSchema.parse({ typologyId: input.typologyId, category: input.category, alt: input.alt });
  const encoded = await encodeImage(input.bytes);
  const [row] = await ctx.db
    .insert(images)
    .values({
      campingId: ctx.campsiteId,
      fileName: cleanFileName(input.fileName),
      mimeType: encoded.mimeType,
      width: encoded.width,
      height: encoded.height,
      byteSize: encoded.data.length,
      data: encoded.data,
      ...details,
    })
    .returning(summaryColumns);
  touched(ctx.campsiteId);
  return withUrl(row);
}

const exactCreatedAt = exactTimestamp(images.createdAt);

/** Newest first, paged by (created_at, id) along the (camping_id, created_at) index; filtered by typology and category. */
export async function listImages(ctx: CampsiteCtx, query: ImageListQuery = {}): Promise<Page<ImageSummary>> {
  const { cursor, limit, typologyId, category } = imageListQuerySchema.parse(query);
  const after = decodeCursor(cursor, 2);
  const rows = await ctx.db
    .select({ ...summaryColumns, cursorAt: exactCreatedAt })
    .from(images)
    .where(
      and(
        eq(images.campingId, ctx.campsiteId),
        typologyId ? eq(images.typologyId, typologyId) : undefined,
        category ? eq(images.category, category) : undefined,
        after ? sql`(${images.createdAt}, ${images.id}) < (${String(after[0])}::timestamptz, ${String(after[1])}::text)` : undefined,
      ),
    )
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (row) => [row.cursorAt, row.id]);
  return { items: page.items.map(({ cursorAt: _cursor, ...row }) => withUrl(row)), nextCursor: page.nextCursor };
}

export async function getImage(ctx: CampsiteCtx, id: string): Promise<ImageSummary> {
  const [row] = await ctx.db.select(summaryColumns).from(images).where(and(eq(images.id, id), eq(images.campingId, ctx.campsiteId)));
  if (!row) throw notFound();
  return withUrl(row);
}

/** One picture with its bytes, for the campsite's own staff. */
export async function getImageWithData(ctx: CampsiteCtx, id: string): Promise<ImageSummary & { data: Buffer }> {
  const [row] = await ctx.db.select({ ...summaryColumns, data: images.data }).from(images).where(and(eq(images.id, id), eq(images.campingId, ctx.campsiteId)));
  if (!row) throw notFound();
  return { ...withUrl(row), data: row.data };
}

/**
 * The bytes behind GET /api/getImage/{id}, without a campsite: mail recipients and guests load
 * it with no login. The id (128 random bits) is the only key, as for a quote link.
 */
export async function readPublicImage(ctx: Ctx, id: string): Promise<{ data: Buffer; mimeType: string } | null> {
  const [row] = await ctx.db.select({ data: images.data, mimeType: images.mimeType }).from(images).where(eq(images.id, id));
  return row ?? null;
}

export async function patchImage(ctx: CampsiteCtx, id: string, patch: ImagePatch): Promise<ImageSummary> {
  const changes = imagePatchSchema.parse(patch);
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return getImage(ctx, id);
  const [row] = await ctx.db
    .update(images)
    .set(values)
    .where(and(eq(images.id, id), eq(images.campingId, ctx.campsiteId)))
    .returning(summaryColumns);
  if (!row) throw notFound();
  touched(ctx.campsiteId);
  return withUrl(row);
}

export async function deleteImage(ctx: CampsiteCtx, id: string): Promise<void> {
  const removed = await ctx.db.delete(images).where(and(eq(images.id, id), eq(images.campingId, ctx.campsiteId))).returning({ id: images.id });
  if (removed.length === 0) throw notFound();
  touched(ctx.campsiteId);
}
