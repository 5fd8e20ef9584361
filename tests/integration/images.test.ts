import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { MAX_SIDE } from '@/lib/images/encode';
import { deleteImage, getImage, getImageWithData, listImages, patchImage, readPublicImage, uploadImage } from '@/lib/images/service';
import { jobCtxFor, systemCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite } from '../helpers/fixtures';
import { carriesExifSecrets, HTML_AS_PNG, jpegWithExif, pngClaiming, pngWithAlpha, SVG_IMAGE } from '../helpers/images';

let db: Database;

/** The call is refused with that kind of AppError (and, when given, a message that matches). */
async function expectAppError(promise: Promise<unknown>, kind: string, message?: RegExp) {
  const error = await failure(promise);
  expect(error.kind).toBe(kind);
  if (message) expect(error.message).toMatch(message);
}

beforeAll(async () => {
  db = await useTestDatabase();
});

describe('uploadImage refuses what is not really a picture', () => {
  it('refuses an HTML page renamed .png', async () => {
    const campsite = await makeCampsite(db);
    await expectAppError(uploadImage(jobCtxFor(db, campsite.id), { bytes: HTML_AS_PNG, fileName: 'foto.png' }), 'bad_request', /non è un’immagine/);
  });

  it('refuses an SVG, even named .jpg', async () => {
    const campsite = await makeCampsite(db);
    await expectAppError(uploadImage(jobCtxFor(db, campsite.id), { bytes: SVG_IMAGE, fileName: 'logo.svg' }), 'bad_request', /SVG/);
    await expectAppError(uploadImage(jobCtxFor(db, campsite.id), { bytes: SVG_IMAGE, fileName: 'logo.jpg' }), 'bad_request', /non è un’immagine/);
  });

  it('refuses a picture over 40 megapixels from its header alone', async () => {
    const campsite = await makeCampsite(db);
    await expectAppError(uploadImage(jobCtxFor(db, campsite.id), { bytes: await pngClaiming(8000, 6000), fileName: 'enorme.png' }), 'bad_request', /40 megapixel/);
    expect((await listImages(jobCtxFor(db, campsite.id))).items).toEqual([]);
  });

  it('refuses an empty file and a truncated JPEG', async () => {
    const campsite = await makeCampsite(db);
    await expectAppError(uploadImage(jobCtxFor(db, campsite.id), { bytes: new Uint8Array(), fileName: 'vuoto.jpg' }), 'bad_request', /vuoto/);
    const jpeg = await jpegWithExif(400, 300);
    await expectAppError(uploadImage(jobCtxFor(db, campsite.id), { bytes: jpeg.subarray(0, 200), fileName: 'rotto.jpg' }), 'bad_request');
  });
});

describe('uploadImage re-encodes', () => {
  it('stores a JPEG with EXIF without any metadata', async () => {
    const campsite = await makeCampsite(db);
    const original = await jpegWithExif();
    expect(carriesExifSecrets(original)).toBe(true);
    const image = await uploadImage(jobCtxFor(db, campsite.id), { bytes: original, fileName: 'C:\\foto\\piazzola.jpg', typologyId: 'T1', category: 'Esterno' });
    expect(image).toMatchObject({ fileName: 'piazzola.jpg', mimeType: 'image/jpeg', width: 64, height: 48, typologyId: 'T1', category: 'Esterno' });
    expect(image.url).toBe(`/api/getImage/${image.id}`);
    const stored = await getImageWithData(jobCtxFor(db, campsite.id), image.id);
    expect(carriesExifSecrets(stored.data)).toBe(false);
    const metadata = await sharp(stored.data).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(stored.data.equals(original)).toBe(false);
  });

  it('keeps transparency as PNG and caps the long side', async () => {
    const campsite = await makeCampsite(db);
    const png = await uploadImage(jobCtxFor(db, campsite.id), { bytes: await pngWithAlpha(), fileName: 'logo.png' });
    expect(png.mimeType).toBe('image/png');
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#fff' } }).webp().toBuffer();
    const image = await uploadImage(jobCtxFor(db, campsite.id), { bytes: wide, fileName: 'panorama.webp' });
    expect(image).toMatchObject({ mimeType: 'image/jpeg', width: MAX_SIDE, height: Math.round(MAX_SIDE / 3) });
  });
});

describe('listing, patching and deleting', () => {
  it('pages newest first and filters by typology', async () => {
    const campsite = await makeCampsite(db);
    const bytes = await jpegWithExif(8, 8);
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(await uploadImage(jobCtxFor(db, campsite.id), { bytes, fileName: `${index}.jpg`, typologyId: index % 2 ? 'B' : 'A' }));
    }
    const first = await listImages(jobCtxFor(db, campsite.id), { limit: 2 });
    const second = await listImages(jobCtxFor(db, campsite.id), { limit: 2, cursor: first.nextCursor });
    const third = await listImages(jobCtxFor(db, campsite.id), { limit: 2, cursor: second.nextCursor });
    expect([...first.items, ...second.items, ...third.items].map((image) => image.fileName)).toEqual(['4.jpg', '3.jpg', '2.jpg', '1.jpg', '0.jpg']);
    expect(third.nextCursor).toBeNull();
    expect((await listImages(jobCtxFor(db, campsite.id), { typologyId: 'B' })).items.map((image) => image.fileName)).toEqual(['3.jpg', '1.jpg']);
    await expectAppError(listImages(jobCtxFor(db, campsite.id), { cursor: 'rotto' }), 'bad_request');
  });

  it('patches links and alt text, and deletes', async () => {
    const campsite = await makeCampsite(db);
    const image = await uploadImage(jobCtxFor(db, campsite.id), { bytes: await jpegWithExif(8, 8), fileName: 'a.jpg', typologyId: 'A' });
    const patched = await patchImage(jobCtxFor(db, campsite.id), image.id, { category: 'Bagno', alt: 'Il bagno della casa mobile' });
    expect(patched).toMatchObject({ typologyId: 'A', category: 'Bagno', alt: 'Il bagno della casa mobile' });
    expect(await patchImage(jobCtxFor(db, campsite.id), image.id, { typologyId: null })).toMatchObject({ typologyId: null, category: 'Bagno' });
    await deleteImage(jobCtxFor(db, campsite.id), image.id);
    await expectAppError(getImage(jobCtxFor(db, campsite.id), image.id), 'not_found');
    expect(await readPublicImage(systemCtxFor(db), image.id)).toBeNull();
  });

  it('keeps each campsite’s pictures to itself', async () => {
    const owner = await makeCampsite(db);
    const other = await makeCampsite(db);
    const image = await uploadImage(jobCtxFor(db, owner.id), { bytes: await jpegWithExif(8, 8), fileName: 'a.jpg' });
    await expectAppError(getImage(jobCtxFor(db, other.id), image.id), 'not_found');
    await expectAppError(getImageWithData(jobCtxFor(db, other.id), image.id), 'not_found');
    await expectAppError(patchImage(jobCtxFor(db, other.id), image.id, { alt: 'rubata' }), 'not_found');
    await expectAppError(deleteImage(jobCtxFor(db, other.id), image.id), 'not_found');
    expect((await listImages(jobCtxFor(db, other.id))).items).toEqual([]);
    expect(await getImage(jobCtxFor(db, owner.id), image.id)).toMatchObject({ alt: '' });
  });
});
