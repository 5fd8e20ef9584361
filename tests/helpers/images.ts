import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real JPEG carrying EXIF (an author, a copyright, an orientation) that must not survive upload. */
export function jpegWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f7d5b' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Mario Segreto', Copyright: 'Posizione-privata-45.43N' } })
    .toBuffer();
}

export function pngWithAlpha(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
}

/**
 * A small PNG whose header claims width × height (the pixel data does not match): the size
 * check must refuse it from the header alone, before anything is decoded.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  // Signature (8) + length (4) + 'IHDR' (4): width and height follow, then the chunk CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** True when any of the secret EXIF texts is still somewhere in the bytes. */
export const carriesExifSecrets = (bytes: Buffer) => ['Mario Segreto', 'Posizione-privata'].some((text) => bytes.toString('latin1').includes(text));
