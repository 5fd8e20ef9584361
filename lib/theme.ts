import { ColorInput, createTheme, DEFAULT_THEME, Drawer, Modal, MultiSelect, Notification, Select, TagsInput, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/** A default palette whose darkest shade is replaced. */
const darkerNine = (name: keyof typeof DEFAULT_THEME.colors, nine: string): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[name].slice(0, 9), nine] as unknown as MantineColorsTuple;

/**
 * Shade 9 of each palette is what the light scheme draws as filled buttons and badges (white text
 * on it), as coloured text on white, and as the text of light buttons and badges on shade 1. Mantine's
 * own shade 9 fails WCAG AA's 4.5:1 in one of those for six colours (yellow 2.7:1 on its tint, the
 * "Non spedita" badge; teal 4.3:1, the light buttons): these are darkened until all three pass 4.7:1
 * (also on the grey-0 of striped rows). The other palettes already pass and stay as Mantine ships them.
 */
const ACCESSIBLE_COLORS = {
  red: darkerNine('red', '#c12828'),
  // Teal a step further: it is also the links' colour, and links sit in every tinted alert (4.9:1 on blue-1).
  teal: darkerNine('teal', '#07704f'),
  green: darkerNine('green', '#267937'),
  lime: darkerNine('lime', '#4a760a'),
  yellow: darkerNine('yellow', '#a65600'),
  orange: darkerNine('orange', '#b63c0d'),
};

const CLEAR = 'Svuota il campo';

/** Shade 9 is the primary shade so that white text and teal links stay above 4.5:1 (shade 8 gives 3.95:1). */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 6 },
  colors: ACCESSIBLE_COLORS,
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  defaultRadius: 'md',
  components: {
    // Every toast's close button gets a name a screen reader can say.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } }),
    // Likewise every dialog's and drawer's ×, where a page does not name it in the guest's language.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi' } } }),
    // The × that empties a clearable field is an icon button: without a name a screen reader says only "button".
    Select: Select.extend({ defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } }),
    TagsInput: TagsInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } }),
    DateInput: DateInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } }),
    DateTimePicker: DateTimePicker.extend({ defaultProps: { clearButtonProps: { 'aria-label': CLEAR } } }),
    // The eye-dropper beside a colour field (where the browser has one) is an icon button too.
    ColorInput: ColorInput.extend({ defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Prendi un colore dallo schermo' } } }),
  },
});

/**
 * Mantine's dimmed grey (3.3:1), error red (3.3:1) and placeholder grey (2.1:1, the "choose a file"
 * of a file field) are too faint for small print on white; the placeholder stays lighter than typed
 * text (5.2:1 on white, 4.6:1 on grey-1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': '#676e76',
  },
  dark: {},
});
