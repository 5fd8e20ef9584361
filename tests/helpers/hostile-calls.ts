import type { z } from '@/lib/validation';

/**
 * Plausible values tried, in order, in a field whose hostile value the schema refuses (a date, a
 * language code, an index…), so that the call gets past validation with every other field still
 * hostile and reaches the code that must refuse the foreign ids.
 */
const PLAUSIBLE: unknown[] = [
  '2027-07-01',
  '2027-07-08',
  '2027-07-01T10:00:00.000Z',
  0,
  1,
  '0',
  '1',
  true,
  false,
  'it',
  'IT',
  '+39',
  '3331234567',
  '#1c7ed6',
  '10:00',
  'https://pineta.example/pagina',
  'Testo di prova',
  'Password-di-prova-2026!',
  [],
  {},
  null,
];

type Key = string | number;

function setAt(target: unknown, path: Key[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container = (target && typeof target === 'object' ? target : typeof head === 'number' ? [] : {}) as Record<Key, unknown>;
  container[head] = setAt(container[head], rest, value);
  return container;
}

function removeAt(target: unknown, path: Key[]): unknown {
  if (!target || typeof target !== 'object' || path.length === 0) return undefined;
  const [head, ...rest] = path;
  if (rest.length > 0) {
    (target as Record<Key, unknown>)[head] = removeAt((target as Record<Key, unknown>)[head], rest);
    return target;
  }
  if (Array.isArray(target) && typeof head === 'number') target.splice(head, 1);
  else delete (target as Record<Key, unknown>)[head];
  return target;
}

const keyOf = (path: PropertyKey[]) => path.map(String).join('.');
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

const issueKey = (issue: z.core.$ZodIssue) => `${keyOf(issue.path)} ${issue.message}`;

/** Whether the trial gets rid of the issue without bringing a new one (a value the first stage of a pipe refuses hides the later issues). */
async function fixes(schema: z.ZodType, trial: unknown, key: string, before: Set<string>, strict: boolean): Promise<boolean> {
  const result = await schema.safeParseAsync(trial);
  if (result.success) return true;
  const keys = result.error.issues.map(issueKey);
  if (keys.includes(key)) return false;
  return !strict || keys.every((other) => before.has(other));
}

function exists(value: unknown, path: Key[]): boolean {
  let node = value;
  for (const key of path) {
    if (!node || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<Key, unknown>)[key];
  }
  return true;
}

/** Paths of every value that is not an object or an array. */
function leaves(value: unknown, path: Key[] = []): Key[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}

/**
 * The input with as few fields as possible changed so that the schema accepts it: each refused
 * field gets the first plausible value the schema takes, or is left out. A schema that renames
 * fields (legacy names piped into the service's) reports the new name: then the input's fields
 * are tried in turn. `parses` says whether that succeeded (if not, the call still goes out and
 * must be refused as a bad request). `preferred` values are tried first (the victim's e-mail).
 */
export async function repairToParse(schema: z.ZodType, input: unknown, preferred: unknown[] = []): Promise<{ value: unknown; parses: boolean }> {
  const candidates = [...preferred, ...PLAUSIBLE];
  let value = clone(input);
  for (let round = 0; round < 40; round++) {
    const result = await schema.safeParseAsync(value);
    if (result.success) return { value, parses: true };
    const before = new Set(result.error.issues.map(issueKey));
    const issue = result.error.issues[0];
    const key = issueKey(issue);
    const direct = issue.path.length > 0 && exists(value, issue.path as Key[]);
    const paths = direct ? [issue.path as Key[]] : leaves(value);
    const attempt = async (strict: boolean) => {
      for (const path of paths) {
        for (const candidate of candidates) {
          const trial = setAt(clone(value), path, candidate);
          if (await fixes(schema, trial, key, before, strict)) return trial;
        }
      }
      if (direct) {
        const trial = removeAt(clone(value), paths[0]);
        if (await fixes(schema, trial, key, before, strict)) return trial;
      }
      return undefined;
    };
    const repaired = (await attempt(true)) ?? (direct ? await attempt(false) : undefined);
    if (repaired === undefined) return { value, parses: false };
    value = repaired;
  }
  return { value, parses: false };
}
