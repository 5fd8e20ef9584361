/** A question is a short message, not a letter: the mini-site's field counts down from here. */
export const QUESTION_MAX_LENGTH = 1000;
/** The staff may explain at more length. */
export const ANSWER_MAX_LENGTH = 4000;

// Control characters but tab and line feed; and every character Unicode marks as invisible
// (Default_Ignorable_Code_Point: zero-width marks, tag characters, fillers, the soft hyphen…) or
// as steering the reading order (Bidi_Control): they could make a text read differently from
// what it holds, or hide text in it.
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;
const LETTER = /^[\p{L}\p{M}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const SKIN_TONE_OR_EMOJI_STYLE = /^[\u{1F3FB}-\u{1F3FF}\u{FE0F}]$/u;

/**
 * The few invisible characters a text needs: tab and line feed, ZWNJ and ZWJ inside a word (Persian, the Indic
 * scripts), ZWJ inside an emoji sequence, and the emoji-style selector after a pictograph.
 */
function needed(char: string, before: string, after: string): boolean {
  if (char === '\t' || char === '\n') return true;
  const previous = [...before.slice(-2)].at(-1) ?? '';
  const next = [...after.slice(0, 2)][0] ?? '';
  if ((char === '\u200C' || char === '\u200D') && LETTER.test(previous) && LETTER.test(next)) return true;
  if (char === '\u200D' && (PICTOGRAPH.test(previous) || SKIN_TONE_OR_EMOJI_STYLE.test(previous)) && PICTOGRAPH.test(next)) return true;
  return (char === '\uFE0F' || char === '\uFE0E') && (PICTOGRAPH.test(previous) || next === '\u20E3');
}

/**
 * A guest's or a staff member's message as plain text: line ends unified, invisible and control
 * characters dropped, runs of blank lines and trailing spaces trimmed. It is stored as text and
 * always rendered escaped (React text, the mail templates' text nodes): never as HTML.
 */
export function cleanMessage(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, (char, offset: number, whole: string) => (needed(char, whole.slice(0, offset), whole.slice(offset + char.length)) ? char : ''))
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
