import { normalizeHeader } from './import-mapping';

/**
 * Turns what a file writes in the language and nation columns into our ids: the id itself,
 * the code (it, DE), the name in the table, or a common Italian, English or German name.
 */

const LANGUAGE_ALIASES: Record<string, string[]> = {
  it: ['italiano', 'italian', 'italienisch', 'ita'],
  en: ['inglese', 'english', 'englisch', 'eng'],
  de: ['tedesco', 'german', 'deutsch', 'ger', 'deu'],
  fr: ['francese', 'french', 'franzosisch', 'francais', 'fra'],
  nl: ['olandese', 'dutch', 'niederlandisch', 'nederlands', 'nld'],
  es: ['spagnolo', 'spanish', 'spanisch', 'espanol', 'spa'],
  uk: ['ucraino', 'ukrainian', 'ukrainisch', 'ukr'],
  pl: ['polacco', 'polish', 'polnisch', 'polski', 'pol'],
  cs: ['ceco', 'czech', 'tschechisch', 'cestina', 'ces'],
  da: ['danese', 'danish', 'danisch', 'dansk', 'dan'],
};

const NATION_ALIASES: Record<string, string[]> = {
  IT: ['italy', 'italien', 'ita'],
  DE: ['germany', 'deutschland', 'deu', 'ger'],
  AT: ['osterreich', 'oesterreich', 'aut'],
  CH: ['switzerland', 'schweiz', 'suisse', 'svizzera', 'che'],
  GB: ['unitedkingdom', 'uk', 'greatbritain', 'england', 'inghilterra', 'grossbritannien', 'vereinigteskonigreich', 'gbr'],
  IE: ['ireland', 'irland', 'irl'],
  NL: ['netherlands', 'holland', 'olanda', 'niederlande', 'nld'],
  BE: ['belgium', 'belgien', 'bel'],
  FR: ['france', 'frankreich', 'fra'],
  ES: ['spain', 'spanien', 'espana', 'esp'],
  UA: ['ukraine', 'ukr'],
  PL: ['poland', 'polen', 'pol'],
  CZ: ['czechrepublic', 'czechia', 'tschechien', 'cechia', 'cze'],
  DK: ['denmark', 'danemark', 'dnk'],
  US: ['unitedstates', 'usa', 'unitedstatesofamerica', 'vereinigtestaaten'],
  SI: ['slovenija', 'slowenien', 'svn'],
  HR: ['croatia', 'kroatien', 'hrvatska', 'hrv'],
  HU: ['hungary', 'ungarn', 'hun'],
  SE: ['sweden', 'schweden', 'swe'],
  NO: ['norway', 'norwegen', 'nor'],
  LU: ['luxembourg', 'luxemburg', 'lux'],
  SM: ['sanmarino', 'smr'],
};

export type Resolver = (value: string) => number | null | undefined;

function resolverOf(entries: { id: number; keys: string[] }[]): Resolver {
  const byKey = new Map<string, number>();
  for (const entry of entries) {
    byKey.set(String(entry.id), entry.id);
    for (const key of entry.keys) {
      const normalized = normalizeHeader(key);
      if (normalized && !byKey.has(normalized)) byKey.set(normalized, entry.id);
    }
  }
  /** null for an empty cell, undefined for a value nobody knows. */
  return (value) => {
    const trimmed = value.trim();
    if (!trimmed) return null;
    return byKey.get(/^\d+$/.test(trimmed) ? String(Number(trimmed)) : normalizeHeader(trimmed));
  };
}

export function languageResolver(rows: { id: number; name: string; code: string }[]): Resolver {
  return resolverOf(rows.map((row) => ({ id: row.id, keys: [row.code, row.name, ...(LANGUAGE_ALIASES[row.code] ?? [])] })));
}

export function nationResolver(rows: { id: number; name: string; isoCode: string }[]): Resolver {
  return resolverOf(rows.map((row) => ({ id: row.id, keys: [row.isoCode, row.name, ...(NATION_ALIASES[row.isoCode] ?? [])] })));
}
