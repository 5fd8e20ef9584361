import { createTheme, Notification, type CSSVariablesResolver } from '@mantine/core';

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/**
 * Shade 9 of teal is the lightest that keeps white text and teal links above WCAG AA's 4.5:1
 * (shade 8 gives 3.95:1); the same index darkens every filled red or green button too.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 6 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  defaultRadius: 'md',
  components: {
    // Every toast's close button gets a name a screen reader can say.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } }),
  },
});

/**
 * Mantine's dimmed grey (3.3:1) and error red (3.3:1) are too faint for small print on white, and
 * so is the text of a light teal button (the active navigation entry) on its tinted background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-9)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-teal-9)',
  },
  dark: {},
});
