import { z } from '@/lib/validation';
import { hostileValue } from './hostile-input';
import type { makeTenantWorld } from './tenant-world';

export type TenantWorld = Awaited<ReturnType<typeof makeTenantWorld>>;

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
  '18:00',
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

/** Which victim ids a field or parameter is worth trying with, by its name; a name that says nothing gets them all, a text field the victim's texts. */
export function victimValuesFor(world: TenantWorld, slot: string): string[] {
  const ids = world.victimIds;
  const name = slot.replace(/^(param|body):/, '');
  const kinds: [RegExp, string[]][] = [
    [/camp/i, [ids.campsite]],
    [/cliente|contact|ospit/i, [ids.contact, ids.otherContact]],
    [/prev|quote/i, [ids.quote, ids.draftQuote, ids.requestQuote]],
    [/scheda|card/i, [ids.card]],
    [/list/i, [ids.list]],
    [/user|utente|owner|operatore/i, [ids.admin, ids.staff]],
    [/templ/i, [ids.template]],
    [/bozza|draft/i, [ids.draft]],
    [/image|immagin/i, [ids.image]],
    [/thread/i, [ids.traceThread, ids.mailboxThread, ids.trace]],
    [/uuid|rif|reference/i, [ids.traceReference, ids.trace]],
    [/allegat|attach/i, [ids.attachment]],
    [/campaign|campagn/i, [ids.campaign]],
    [/notif/i, [ids.notification]],
    [/config|option/i, [ids.config]],
  ];
  const found = kinds.filter(([pattern]) => pattern.test(name)).flatMap(([, list]) => list);
  if (found.length > 0) return found;
  if (slot.startsWith('param:') || /^_?id$|^id[A-Z_]|Id$|ID$/.test(name)) return Object.values(ids);
  return victimTexts(world);
}

/** What a user would type to find the victim: its canary prefix, a guest's address and telephone. */
export const victimTexts = (world: TenantWorld) => [`CANARY-${world.run}`, world.victimContacts[0].email!, world.victimContacts[0].phone!];

/** Every value tried in every slot at once: each victim id and each victim text. */
export const everyVictimValue = (world: TenantWorld) => [...Object.values(world.victimIds), ...victimTexts(world)];

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };

/** The top-level fields of an object schema (none for anything else). */
export const topLevelFields = (schema: z.ZodType) => Object.keys(jsonSchemaOf(schema).properties ?? {});

/** Stands for the hostile value while an input is built and repaired: an id like the victim's, so that one repair serves every victim id. */
export const MARKER = 'MARKERmarkerMARKER0000';

export function replaceMarker(value: unknown, by: string): unknown {
  if (typeof value === 'string') return value === MARKER ? by : value;
  if (Array.isArray(value)) return value.map((item) => replaceMarker(item, by));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceMarker(item, by)]));
  return value;
}

/**
 * An input for the schema with the marker in every string of the fields `fill` returns MARKER for,
 * `fill`'s value in the others, and the fields it returns undefined for left out where the schema
 * allows; then repaired until the schema accepts it where it can.
 */
export async function hostileInput(world: TenantWorld, schema: z.ZodType, fill: (field: string) => string | undefined): Promise<{ value: unknown; parses: boolean }> {
  const required = new Set(jsonSchemaOf(schema).required ?? []);
  const email = world.victimContacts[0].email!;
  const template = hostileValue(schema, { id: MARKER, email }, 1);
  const value =
    template && typeof template === 'object' && !Array.isArray(template)
      ? Object.fromEntries(
          Object.entries(template).flatMap(([key, item]) => {
            const given = fill(key);
            if (given === undefined) return required.has(key) ? [[key, item]] : [];
            return [[key, given === MARKER ? item : replaceMarker(item, given)]];
          }),
        )
      : template;
  return repairToParse(schema, value, [email]);
}

const canariesIn = (world: TenantWorld, text: string) => new Set([...text.matchAll(new RegExp(`canary-${world.run}-(\\d+)`, 'gi'))].map((match) => `CANARY-${world.run}-${match[1]}`));

/**
 * Finds leaks: the canaries and victim ids an answer shows that the attacker never sent (it may
 * find again what it wrote into its own campsite: an address, a name), nor — for a public call —
 * belong to an object the request names (the guest page shows the quote it was given).
 */
export function leakDetector(world: TenantWorld) {
  const sentSoFar = new Set<string>();
  const victimStringsIn = (text: string) => {
    const found = canariesIn(world, text);
    for (const id of Object.values(world.victimIds)) if (text.includes(id)) found.add(id);
    return found;
  };
  return {
    /** Notes what a request carried; returns the victim ids it names. */
    sent(request: string): Set<string> {
      const found = victimStringsIn(request);
      for (const item of found) sentSoFar.add(item);
      return new Set(Object.values(world.victimIds).filter((id) => found.has(id)));
    },
    leaks(answer: string, facesOf: Set<string> = new Set()): string[] {
      const found: string[] = [];
      for (const token of canariesIn(world, answer)) {
        if (sentSoFar.has(token)) continue;
        const owner = world.canaries.get(token) ?? world.canaries.get(token.toLowerCase());
        if (owner && facesOf.has(owner)) continue;
        found.push(`${token} (of ${owner})`);
      }
      for (const [kind, id] of Object.entries(world.victimIds)) if (answer.includes(id) && !sentSoFar.has(id)) found.push(`id of ${kind}`);
      return found;
    },
  };
}
