import { DEFAULT_THEME } from '@mantine/core';
import { theme } from '@/lib/theme';

/** The two text colours a tag chip may use: whichever reads better on the tag's colour. */
export const CHIP_TEXT = { dark: '#000000', light: '#ffffff' } as const;

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * A tag's colour as a #rrggbb background: a campsite picks either #rrggbb or a palette name
 * (lib/campsites/settings-validation.ts), drawn in the shade our theme fills badges with (9).
 */
export function tagBackground(color: string): string {
  const value = color.trim();
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const palette =
    (theme.colors as Record<string, readonly string[] | undefined>)[value] ?? (DEFAULT_THEME.colors as Record<string, readonly string[] | undefined>)[value];
  return (palette?.[9] ?? DEFAULT_THEME.colors.gray[9]).toLowerCase();
}

/**
 * The colours of a tag chip: its background, and black or white text, whichever contrasts more.
 * The better of the two is always at least 4.58:1 (WCAG AA asks 4.5:1 for small text), where a
 * luminance threshold such as Mantine's autoContrast can put white text at 3.4:1 on a mid blue.
 */
export function tagChipColours(color: string): {
  background: string;
  text: string;
} {
  const background = tagBackground(color);
  const text = contrastRatio(background, CHIP_TEXT.dark) >= contrastRatio(background, CHIP_TEXT.light) ? CHIP_TEXT.dark : CHIP_TEXT.light;
  return { background, text };
}
