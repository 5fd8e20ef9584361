/**
 * The pure half of `npm run backup:check`: what a page shows a guest, and where two databases'
 * figures differ. Kept apart from the script so a unit test can feed it samples.
 */

/** Rows per table and campsite: `table` → campsite id (or '*' for the whole table) → count. */
export type Counts = Map<string, Map<string, number>>;

export type CountDifference = { table: string; campsite: string; original: number; restored: number };

/** Every table × campsite whose count differs, a row missing on one side counting as 0. */
export function countDifferences(original: Counts, restored: Counts): CountDifference[] {
  const differences: CountDifference[] = [];
  for (const table of [...new Set([...original.keys(), ...restored.keys()])].sort()) {
    const left = original.get(table) ?? new Map<string, number>();
    const right = restored.get(table) ?? new Map<string, number>();
    for (const campsite of [...new Set([...left.keys(), ...right.keys()])].sort()) {
      const a = left.get(campsite) ?? 0;
      const b = right.get(campsite) ?? 0;
      if (a !== b || !original.has(table) || !restored.has(table)) differences.push({ table, campsite, original: a, restored: b });
    }
  }
  return differences;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The text a guest reads on a page: scripts, styles and templates (the React payload, nonces,
 * build ids: different at every render) left out, tags dropped, entities decoded, blanks folded.
 */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The amounts in euro a text shows, in any of the guest languages' formats («€ 1.234,50», «1,234.50 €», «€105.00»), in order. */
export function euroAmounts(text: string): string[] {
  return [...text.matchAll(/€\s?-?\d(?:[\d.,'\u202f]*\d)?|-?\d(?:[\d.,'\u202f]*\d)?\s?€/g)].map((match) => match[0].replace(/\s/g, ' '));
}
