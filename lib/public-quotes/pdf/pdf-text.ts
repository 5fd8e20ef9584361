/**
 * The PDF's built-in Helvetica knows only the Windows-1252 characters: anything else would print
 * as garbage. The few the formatters and texts do use get their nearest look-alike (the narrow
 * no-break space of French amounts, the minus of a discount); the rest is dropped.
 */
const WINDOWS_1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const LOOK_ALIKES: Record<string, string> = { '\u202f': '\u00a0', '\u2009': ' ', '\u2212': '-', '\u2011': '-', '\u2010': '-', '\u2192': '->', '\u2190': '<-' };

export function pdfText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (LOOK_ALIKES[char] !== undefined) out += LOOK_ALIKES[char];
    else if (code === 0x0a || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WINDOWS_1252_EXTRAS.has(char)) out += char;
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Sanitised HTML (the staff's text, a description) as plain paragraphs: blocks and line breaks
 * become paragraph ends, list items get a bullet, every tag goes, entities are decoded.
 */
export function htmlParagraphs(html: string): string[] {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|li|ul|ol|blockquote|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return text
    .split('\n')
    .map((line) => pdfText(line).replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
}

/** 'Angebot-Camping-Lago-Sommer-am-See.pdf': letters and digits only, for any mail client or file system. */
export function pdfFileName(...parts: string[]): string {
  const slug = parts
    .map((part) =>
      part
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ß/g, 'ss')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-')
    .slice(0, 120)
    .replace(/-+$/, '');
  return `${slug || 'preventivo'}.pdf`;
}
