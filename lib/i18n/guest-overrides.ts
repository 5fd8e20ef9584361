/**
 * A campsite's own wording of guest-page texts (Impostazioni → Localizzazione), keyed
 * "guestForm.heading", "guestQuote.contact"… Only texts the pages have can be replaced: an unknown
 * key, a key naming a group of texts, or one of another page is ignored.
 */
export type GuestTextOverrides = Record<string, string>;

export const OVERRIDABLE_NAMESPACES = ['guestForm', 'guestQuote'] as const;

/** The simple arguments a default text uses ({campsite}, {count, plural…} gives count). */
function argumentsOf(message: string): Set<string> {
  return new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((match) => match[1]));
}

const SYNTAX = new Set(['{', '}', '<', '>']);

/**
 * Plain text as an ICU message that prints exactly that text: braces and angle brackets are quoted,
 * apostrophes doubled, so nothing the campsite writes becomes formatting or a rich-text tag. A
 * `{name}` the default text also uses stays an argument, so "{campsite} – prenota" still works.
 */
export function literalMessage(text: string, allowed: Set<string>): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const argument = /^\{([A-Za-z_]\w*)\}/.exec(text.slice(index));
    if (argument && allowed.has(argument[1])) {
      out += argument[0];
      index += argument[0].length;
      continue;
    }
    const char = text[index];
    if (SYNTAX.has(char)) {
      // One quoted run for the syntax characters and apostrophes that follow, closed before an
      // ordinary character: a run closed just before an apostrophe would read as a doubled one.
      let run = '';
      while (index < text.length && (SYNTAX.has(text[index]) || text[index] === "'")) {
        run += text[index] === "'" ? "''" : text[index];
        index++;
      }
      out += `'${run}'`;
      continue;
    }
    out += char === "'" ? "''" : char;
    index++;
  }
  return out;
}

type Messages = Record<string, unknown>;

const isGroup = (value: unknown): value is Messages => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A copy of `group` with the text at `path` replaced, or null when no such text exists. */
function withText(group: Messages, path: string[], text: string): Messages | null {
  const [head, ...rest] = path;
  if (!Object.hasOwn(group, head)) return null;
  const current = group[head];
  if (rest.length === 0) return typeof current === 'string' ? { ...group, [head]: literalMessage(text, argumentsOf(current)) } : null;
  if (!isGroup(current)) return null;
  const inner = withText(current, rest, text);
  return inner ? { ...group, [head]: inner } : null;
}

/** The messages with the campsite's texts in place of the defaults; the shared message files stay untouched. */
export function applyGuestOverrides<M extends Messages>(messages: M, overrides: GuestTextOverrides | null | undefined): M {
  let result: Messages = messages;
  for (const [key, text] of Object.entries(overrides ?? {})) {
    if (typeof text !== 'string' || text.trim() === '') continue;
    const path = key.split('.');
    if (path.length < 2 || !(OVERRIDABLE_NAMESPACES as readonly string[]).includes(path[0])) continue;
    result = withText(result, path, text) ?? result;
  }
  return result as M;
}
