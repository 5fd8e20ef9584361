import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { z } from '@/lib/validation';
import type { JsonSchema } from './json-schema';


/** What a hostile caller puts in every field: the victim's id in the strings, its e-mail where an e-mail goes. */
export type HostileValues = { id: string; email: string };

/** arrayItems: how many items an array gets at least (0: only what minItems asks), so that fields inside arrays get a value too. */
function valueFor(schema: JsonSchema | undefined, values: HostileValues, arrayItems = 0): unknown {
  if (!schema) return values.id;
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return valueFor(choice.find((option) => option.type !== 'null') ?? choice[0], values, arrayItems);
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf), values, arrayItems);
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const keys = Object.keys(schema.properties ?? {});
      return Object.fromEntries(keys.map((key) => [key, valueFor(schema.properties?.[key], values, arrayItems)]));
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, arrayItems) }, () => valueFor(schema.items, values, arrayItems));
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return values.email;
      return values.id.length >= (schema.minLength ?? 0) ? values.id : values.id.padEnd(schema.minLength ?? 0, 'x');
    default:
      return values.id;
  }
}

/**
 * A body built from the route's own schema, every field filled: strings with the victim's id (or
 * e-mail), numbers with their minimum, booleans false. A route added later gets its body the same way.
 */
export function hostileBody(route: Endpoint, values: HostileValues): unknown {
  if (!route.body) return {};
  const schema = z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return valueFor(schema, values);
}

/** The same for any zod schema (a server action's input), arrays given arrayItems items so that their fields are filled too. */
export function hostileValue(schema: z.ZodType, values: HostileValues, arrayItems = 0): unknown {
  return valueFor(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, values, arrayItems);
}

export const pathParams = (route: Endpoint) => [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/** The route's path with every parameter set to the same value. */
export const pathWith = (route: Endpoint, value: string) => route.path.replace(/\{\w+\}/g, encodeURIComponent(value));

/** Whether the route's own schemas accept the input: a 400 then means validation, not a role check. */
export function inputParses(route: Endpoint, value: string, body: unknown): boolean {
  const params = Object.fromEntries(pathParams(route).map((name) => [name, value]));
  const paramsOk = route.params ? route.params.safeParse(params).success : true;
  const bodyOk = route.body && route.method !== 'GET' ? route.body.safeParse(body).success : true;
  return paramsOk && bodyOk;
}
