import { describe, expect, it } from 'vitest';
import { cardText } from '@/db/seed/texts';
import { createRandom } from '@/db/seed/random';
import { DEMO_CATALOGUES } from '@/lib/booking-platform/demo-catalogue';

/** Issue 27: the demo's card texts put «Piazzola standard» into German and English sentences. */
describe('the demo’s card texts', () => {
  const pitch = DEMO_CATALOGUES['lago-azzurro'].typologies.find((typology) => typology.id === 'LA-PZ-STD')!;
  const text = (languageId: number, seed: number) =>
    cardText(createRandom(seed), {
      campsite: 'lago-azzurro',
      languageId,
      firstName: 'Anna',
      typologyName: pitch.name,
      typologyNames: { it: pitch.name, ...pitch.names },
      arrival: '2027-07-03',
      departure: '2027-07-10',
      nights: 7,
    });

  it('name the accommodation in the sentence’s language', () => {
    for (const seed of [1, 2, 3, 4]) {
      expect(text(3, seed)).toContain('«Stellplatz Standard»');
      expect(text(2, seed)).toContain('«Standard pitch»');
      // Dutch and French guests read the English sentences: the English name with them.
      expect(text(5, seed)).toContain('«Standard pitch»');
      expect(text(1, seed)).toContain('«Piazzola standard»');
      for (const languageId of [2, 3, 4, 5]) expect(text(languageId, seed)).not.toContain('Piazzola');
    }
  });
});
