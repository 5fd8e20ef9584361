/** Escapes LIKE's wildcards so a typed '%' or '_' is searched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The words of a search box, each to be matched anywhere; at most `max` of them. */
export function searchWords(term: string | null | undefined, max = 8): string[] {
  return (term ?? '').trim().split(/\s+/).filter(Boolean).slice(0, max);
}
