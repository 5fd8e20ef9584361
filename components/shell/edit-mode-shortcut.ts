/**
 * The hidden editing mode's chord, in a plain module: the help page (a server component) shows it,
 * and a constant exported by a client module reaches the server only as a client reference.
 */
export const EDIT_MODE_SHORTCUT = 'Ctrl + Alt + Shift + M';
