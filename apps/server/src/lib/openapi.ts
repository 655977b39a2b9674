import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The one error shape every 4xx answers with (plugins/errors.ts), as JSON schema for the document. */
const ERROR_RESPONSE = {
  description:
    'An error: `{error:{message,params,fieldErrors,code,cause}}` with a code from the error catalogue (400400, 400401, 400404, 400409, 400410, 400429 …).',
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        params: { type: ['object', 'null'] },
        fieldErrors: { type: ['object', 'null'], additionalProperties: { type: 'array', items: { type: 'string' } } },
        code: { type: 'string' },
        cause: {},
      },
      required: ['message', 'code'],
    },
  },
  required: ['error'],
};

/** getPortalSessionsByIdResults for GET /api/portal/sessions/:id/results. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * zod schemas to JSON schema (fastify-type-provider-zod), plus what every operation documents the
 * same way: an operationId, and the shared error response (only in the document; serialisation of
 * errors is untouched).
 */
export const documentOperation: SwaggerTransform = (args) => {
  const out = jsonSchemaTransform(args as Parameters<typeof jsonSchemaTransform>[0]);
  // A route declared with no schema at all: the built portal's files and pages (registered with
  // SERVE_WEB, as `npm start` runs) are no API operations. An API route without one is still
  // documented, with the shared responses (the inventory test finds none).
  if (!out.schema) {
    if (!args.url.startsWith('/api/')) return { schema: { hide: true }, url: args.url };
    out.schema = {};
  }
  const schema = out.schema as Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };
  if (schema.hide) return out;
  const method = [args.route.method].flat()[0] ?? 'GET';
  schema.operationId ??= operationIdOf(method, args.url);
  const response = { ...(schema.response ?? {}) };
  if (!Object.keys(response).some((code) => /^[23]/.test(code))) response['200'] = { description: 'Success' };
  if (!Object.keys(response).some((code) => code.startsWith('4'))) response['4XX'] = ERROR_RESPONSE;
  schema.response = response;
  return out;
};
