import fc from 'fast-check';
import type { JsonSchema } from './json-schema';

/** Strings a careless or hostile client sends: empty, numbers in words, scripts of every direction, emoji, control characters, U+0000. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'undefined',
  'true',
  '٣٤٥',
  'שלום עולם',
  'مرحبا بالعالم',
  '\u202Eevil\u202C',
  '😀🏕️👨‍👩‍👧‍👦',
  '\uFEFFbom',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f',
  '\t\n\r',
  "'; drop table contacts; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '{{7*7}}${7*7}',
  'é'.repeat(5000),
  'x'.repeat(70_000),
];

/** Values of the wrong type, or at the edges of the number line. */
export const HOSTILE_VALUES: unknown[] = [0, -1, 1.5, -0.000001, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, true, false, null, [], {}, [1, 'a'], { a: 1 }, [[[[]]]]];

const unsafeString = fc.string({ unit: 'binary', maxLength: 30 });

/** A value of every JSON type, including strings with any code point (control characters and lone surrogates too). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: unsafeString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()) },
);

/** Strings at the length edges of a string schema: min, min-1, max, max+1. */
function lengthEdges(schema: JsonSchema): string[] {
  const edges: number[] = [];
  if (schema.minLength !== undefined) edges.push(schema.minLength, schema.minLength - 1);
  if (schema.maxLength !== undefined && schema.maxLength <= 100_000) edges.push(schema.maxLength, schema.maxLength + 1);
  return edges.filter((length) => length >= 0).map((length) => 'x'.repeat(length));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, schema.maxLength ?? text.length));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 40);
  const plain = fc.string({ minLength, maxLength });
  const edges = lengthEdges(schema).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  return edges.length ? fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : plain;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : undefined);
  if (integer) {
    return fc.integer({ min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER), max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({ min: min ?? -1_000_000, max: max ?? 1_000_000, noNaN: true, noDefaultInfinity: true });
}

/** What steers the values to real rows: words mixed into free strings, and the value a field of a given name needs (an existing id). */
export type Steering = { pool?: string[]; hint?: (key: string) => unknown };

/**
 * Values the schema means to accept, built from its JSON Schema: every required key, some of the
 * optional ones, strings of allowed lengths (the edges included), numbers in range. A field the
 * hint knows mostly gets the hint's value (a real id), so that calls reach rows that exist.
 */
export function validArbitrary(schema: JsonSchema | undefined, steering: Steering = {}, depth = 0): fc.Arbitrary<unknown> {
  const pool = steering.pool ?? [];
  if (!schema || depth > 6) return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return fc.oneof(...choice.map((option) => validArbitrary(option, steering, depth + 1)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf), steering, depth + 1);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validArbitrary({ ...schema, type }, steering, depth + 1)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => {
          const arbitrary = validArbitrary(value, steering, depth + 1);
          const hinted = steering.hint?.(key);
          return [key, hinted === undefined ? arbitrary : fc.oneof({ weight: 3, arbitrary: fc.constant(hinted) }, { weight: 1, arbitrary })];
        }),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validArbitrary(schema.items, steering, depth + 1), { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 4, minLength + 4) });
    }
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const fitting = pool.filter((id) => id.length >= (schema.minLength ?? 0) && id.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern).test(id)));
      const free = stringArbitrary(schema);
      return fitting.length && !schema.format ? fc.oneof(free, fc.constantFrom(...fitting)) : free;
    }
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], into: Path[] = []): Path[] {
  into.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], into));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], into);
  return into;
}

export type Mutation = 'replace' | 'delete' | 'extra-key';

/** The value with one place changed: a field (or the whole) replaced by a hostile value, a key removed, or an unknown key added. */
export function mutate(value: unknown, pick: number, hostile: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(value);
  const paths = pathsOf(copy);
  const path = paths[pick % paths.length];
  if (path.length === 0) {
    if (mutation === 'extra-key' && copy && typeof copy === 'object' && !Array.isArray(copy)) return { ...copy, __campo_estraneo: hostile };
    return mutation === 'delete' ? undefined : hostile;
  }
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as Record<string | number, unknown>;
  const key = path[path.length - 1];
  if (mutation === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (mutation === 'extra-key' && parent[key] && typeof parent[key] === 'object' && !Array.isArray(parent[key])) {
    (parent[key] as Record<string, unknown>).__campo_estraneo = hostile;
  } else {
    parent[key] = hostile;
  }
  return copy;
}

/** A valid value with one hostile change. */
export function hostileArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileValue, fc.constantFrom<Mutation>('replace', 'replace', 'replace', 'delete', 'extra-key'))
    .map(([value, pick, hostile, mutation]) => mutate(value, pick, hostile, mutation));
}
