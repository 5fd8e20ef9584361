/** A question is a short message, not a letter: the mini-site's field counts down from here. */
export const QUESTION_MAX_LENGTH = 1000;
/** The staff may explain at more length. */
export const ANSWER_MAX_LENGTH = 4000;

// C0 controls but tab and line feed, DEL and the C1 block; the bidirectional overrides and
// isolates, which could make a text read differently from what it holds; zero-width marks.
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * A guest's or a staff member's message as plain text: line ends unified, invisible and control
 * characters dropped, runs of blank lines and trailing spaces trimmed. It is stored as text and
 * always rendered escaped (React text, the mail templates' text nodes): never as HTML.
 */
export function cleanMessage(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The start of a message for a notification or a subject: one line, at most `length` characters. */
export function messageStart(text: string, length = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}
