import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { images } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { GuestQuoteView } from '../view';
import { logger } from '@/lib/ops/logger.mjs';

/** Wide enough for a third of an A4 page at print quality; a stored picture may be 2560 px. */
const PDF_PICTURE_WIDTH = 520;

/** A picture ready for the PDF: JPEG bytes (react-pdf reads only JPEG and PNG) as a data URI. */
export type PdfPicture = { src: string; width: number; height: number };

/**
 * The cards' pictures, the same ones the mini-site shows, read from this campsite's images only and
 * re-encoded small: a stored PNG or a large JPEG would make the PDF heavy for a mail. A picture
 * that cannot be read is left out rather than failing the document.
 */
export async function loadPdfPictures(ctx: CampsiteCtx, view: GuestQuoteView): Promise<Map<string, PdfPicture>> {
  const ids = [...new Set(view.cards.flatMap((card) => card.images.map((image) => image.id)))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: images.id, data: images.data })
    .from(images)
    .where(and(eq(images.campingId, ctx.campsiteId), inArray(images.id, ids)));
  const encoded = await Promise.all(
    rows.map(async (row) => {
      try {
        const { data, info } = await sharp(row.data, { limitInputPixels: 40_000_000 })
          .resize({ width: PDF_PICTURE_WIDTH, height: PDF_PICTURE_WIDTH, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 72, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        return [row.id, { src: `data:image/jpeg;base64,${data.toString('base64')}`, width: info.width, height: info.height }] as const;
      } catch (error) {
        logger.error({ imageId: row.id, err: error }, 'Immagine non inclusa nel PDF del preventivo');
        return null;
      }
    }),
  );
  return new Map(encoded.filter((entry) => entry !== null));
}
