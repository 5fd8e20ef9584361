import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { toJsonSchema, type JsonSchema } from './json-schema';

/**
 * The smallest input a route's own schema accepts, built from it: the required keys only, strings
 * of a plain word (an e-mail, a date, an identifier where the schema asks for one), numbers at
 * their minimum. A route added later gets its body the same way; ids that must exist come from
 * the caller's overrides.
 */
export function minimalValid(schema: JsonSchema | undefined, counter = { next: 0 }): unknown {
  if (!schema) return 'Prova';
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return minimalValid(choice.find((option) => option.type !== 'null') ?? choice[0], counter);
  if (schema.allOf?.length) return minimalValid(Object.assign({}, ...schema.allOf), counter);
  const type = Array.isArray(schema.type) ? (schema.type.find((entry) => entry === 'string') ?? schema.type.find((entry) => entry !== 'null')) : schema.type;
  switch (type) {
    case 'object': {
      const required = (schema.required ?? []).filter((key) => schema.properties?.[key]);
      return Object.fromEntries(required.map((key) => [key, minimalValid(schema.properties![key], counter)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValid(schema.items, counter));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      counter.next += 1;
      if (schema.format === 'email') return `valido-${counter.next}-${Date.now().toString(36)}@prova.test`;
      if (schema.format === 'date') return '2027-07-01';
      if (schema.pattern) return 'prova';
      return 'Prova valida'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    }
    default:
      return 'Prova';
  }
}

export const minimalBody = (route: Endpoint) => (route.body ? minimalValid(toJsonSchema(route.body)) : undefined);
