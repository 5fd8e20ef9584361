import sharp from 'sharp';
import { AppError } from '@/lib/errors';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Decoding cost grows with pixels, not bytes: a tiny file can claim a gigantic canvas. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Enough for a full-width hero on a large screen; bigger only makes mails heavy. */
export const MAX_SIDE = 2560;

export type EncodedImage = { data: Buffer; mimeType: 'image/jpeg' | 'image/png'; width: number; height: number };

type Format = 'jpeg' | 'png' | 'webp' | 'gif';

const NOT_AN_IMAGE = 'Il file non è un’immagine JPEG, PNG, WebP o GIF valida (SVG, HTML e altri formati non sono ammessi).';

/**
 * The real format from the first bytes, whatever the name or the declared type says. Checked
 * before sharp sees the file, so an SVG or an HTML page never reaches an XML or text parser.
 */
export function sniffFormat(bytes: Uint8Array): Format | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  return null;
}

async function readHeader(bytes: Uint8Array) {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('bad_request', NOT_AN_IMAGE);
  }
}

/**
 * Re-encodes an upload: only what really is a raster picture passes, turned upright (EXIF
 * orientation), shrunk to MAX_SIDE, with every metadata block (EXIF, GPS, XMP, comments) dropped.
 * JPEG for opaque pictures, PNG when there is transparency: both show in every mail client,
 * WebP does not (older Outlook). A GIF keeps its first frame only.
 */
export async function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  if (bytes.length === 0) throw new AppError('bad_request', 'Il file è vuoto.');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('bad_request', 'Il file supera il limite di 15 MB.');
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw new AppError('bad_request', NOT_AN_IMAGE);
  const header = await readHeader(bytes);
  if (header.format !== sniffed || !header.width || !header.height) throw new AppError('bad_request', NOT_AN_IMAGE);
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new AppError('bad_request', `L’immagine è troppo grande (${header.width}×${header.height} pixel): il massimo è 40 megapixel.`);
  }
  const transparent = header.hasAlpha === true;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const output = transparent ? pipeline.png({ compressionLevel: 9 }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { data, mimeType: transparent ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw new AppError('bad_request', NOT_AN_IMAGE);
  }
}
