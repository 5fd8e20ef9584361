import sharp from 'sharp';
import type { DbOrTx } from '../client';
import { images, typologyCategories, typologyDescriptions } from '../schema';
import { DEMO_CATALOGUES, type DemoCampsiteKey } from '../../lib/booking-platform/demo-catalogue';
import { encodeImage } from '../../lib/images/encode';

const WIDTH = 640;
const HEIGHT = 400;
const CATEGORIES = ['Esterno', 'Interno'];

/** A soft diagonal gradient from raw pixels: a stand-in photo, a different colour per typology. */
async function gradient(hueShift: number): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      const offset = (y * WIDTH + x) * 3;
      pixels[offset] = Math.round(60 + 120 * t + hueShift) % 256;
      pixels[offset + 1] = Math.round(140 + 60 * (1 - t));
      pixels[offset + 2] = Math.round(200 - 80 * t + hueShift / 2) % 256;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg().toBuffer();
}

const describe = (name: string) => ({
  1: `<p><strong>${name}</strong>: comfort e natura a due passi dal lago, con veranda attrezzata.</p>`,
  3: `<p><strong>${name}</strong>: Komfort und Natur, nur wenige Schritte vom See, mit möblierter Veranda.</p>`,
  2: `<p><strong>${name}</strong>: comfort and nature a short walk from the lake, with a furnished veranda.</p>`,
});

/**
 * A picture, two picture categories and an Italian, German and English description for every
 * accommodation (not the pitches) of a demo campsite; runs once, when the campsite is created.
 */
export async function insertImageExtras(tx: DbOrTx, key: DemoCampsiteKey, campsiteId: string): Promise<number> {
  const accommodations = DEMO_CATALOGUES[key].typologies.filter((typology) => typology.kind !== 'pitch');
  for (const [index, typology] of accommodations.entries()) {
    const encoded = await encodeImage(await gradient(index * 40));
    await tx.insert(images).values({
      campingId: campsiteId,
      fileName: `${typology.id.toLowerCase()}.jpg`,
      mimeType: encoded.mimeType,
      width: encoded.width,
      height: encoded.height,
      byteSize: encoded.data.length,
      data: encoded.data,
      typologyId: typology.id,
      category: CATEGORIES[0],
      alt: typology.name,
    });
    await tx.insert(typologyCategories).values({ campingId: campsiteId, typologyId: typology.id, categories: CATEGORIES });
    await tx
      .insert(typologyDescriptions)
      .values(Object.entries(describe(typology.name)).map(([languageId, html]) => ({ campingId: campsiteId, typologyId: typology.id, languageId: Number(languageId), html })));
  }
  return accommodations.length;
}
