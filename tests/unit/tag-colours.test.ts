import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { COLOR_NAMES } from '@/lib/campsites/settings-validation';
import { theme } from '@/lib/theme';
import { CHIP_TEXT, contrastRatio, tagBackground, tagChipColours } from '@/lib/vocabulary/tag-colours';

/** Every colour a campsite is likely to pick: each shade of Mantine's and our palettes, the demo's tags, a grey ramp. */
const palette = [
  ...Object.values(DEFAULT_THEME.colors).flat(),
  ...Object.values(theme.colors ?? {}).flatMap((shades) => [...(shades ?? [])]),
  // The demo campsites' tags (db/seed/campsites.ts).
  ...[
    '#2f9e44',
    '#1c7ed6',
    '#e8590c',
    '#7048e8',
    '#f08c00',
    '#0ca678',
    '#d6336c',
    '#1098ad',
    '#e03131',
    '#37b24d',
    '#f59f00',
    '#f76707',
    '#ae3ec9',
    '#74b816',
    '#4263eb',
  ],
  ...Array.from({ length: 52 }, (_, i) => `#${(i * 5).toString(16).padStart(2, '0').repeat(3)}`),
  '#ffffff',
];

describe('tag chip colours', () => {
  it('the WCAG ratio: black on white is 21:1, a colour on itself 1:1, the order does not matter', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1c7ed6', '#1c7ed6')).toBe(1);
    expect(contrastRatio('#ffffff', '#1c7ed6')).toBe(contrastRatio('#1c7ed6', '#ffffff'));
    // The chip of the issue: white on the demo's "Cliente abituale" green, 3.44:1 as axe rounds it.
    expect(contrastRatio('#ffffff', '#2f9e44')).toBeCloseTo(3.45, 2);
  });

  it.each(palette.map((hex) => [hex]))('text on %s reaches 4.5:1', (hex) => {
    const { background, text } = tagChipColours(hex);
    expect(background).toBe(hex.toLowerCase());
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
  });

  it('white text stays on dark tags, black goes on the light and mid ones where white fell short', () => {
    expect(tagChipColours('#2f9e44').text).toBe(CHIP_TEXT.dark);
    expect(tagChipColours('#228be6').text).toBe(CHIP_TEXT.dark);
    expect(tagChipColours('#f59f00').text).toBe(CHIP_TEXT.dark);
    expect(tagChipColours('#7048e8').text).toBe(CHIP_TEXT.light);
    expect(tagChipColours('#000000').text).toBe(CHIP_TEXT.light);
  });

  it('a palette name is drawn in the shade badges are filled with, and still reads', () => {
    for (const name of COLOR_NAMES) {
      const { background, text } = tagChipColours(name);
      expect(background).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(4.5);
    }
    expect(tagBackground('teal')).toBe('#07704f');
    expect(tagBackground(' #ABCDEF ')).toBe('#abcdef');
  });
});
