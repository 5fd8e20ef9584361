import { z } from '@/lib/validation';
import { appVersion } from '@/lib/version';
import type { Endpoint } from './endpoint';
import { API_PREFIX } from './dispatcher';

const errorSchema = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };

function jsonSchema(schema: z.ZodType) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function security(endpoint: Endpoint) {
  if (endpoint.auth === 'bearer') return [{ bearer: [] }];
  if (endpoint.auth === 'platform-key') return [{ platformKey: [] }];
  return [];
}

function operation(endpoint: Endpoint) {
  const parameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const errors: Record<string, unknown> = { '400': 'Dati non validi', '404': 'Elemento o chiamata sconosciuti' };
  if (endpoint.auth !== 'public') errors['401'] = 'Credenziali mancanti o non valide';
  if (endpoint.auth === 'bearer') errors['403'] = 'Operazione non permessa a questo utente';
  if (endpoint.auth === 'platform-key') errors['503'] = 'Chiave della piattaforma non configurata';
  return {
    summary: endpoint.summary,
    tags: [endpoint.group],
    security: security(endpoint),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } } } : {}),
    responses: {
      '200': { description: 'OK', content: { 'application/json': { schema: endpoint.response ? jsonSchema(endpoint.response) : {} } } },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [
          status,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

/** OpenAPI 3.1 generated from the route table: every served call, with its input and answer. */
export function buildOpenApiDocument(endpoints: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = `${API_PREFIX}${endpoint.path}`;
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CRM Campeggi — API legacy', version: appVersion().label, description: 'Il contratto JSON usato dalla piattaforma di prenotazione.' },
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Token restituito da /api/users/login o /api/users/loginToken' },
        platformKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
  };
}
