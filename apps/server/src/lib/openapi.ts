import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { needsAuth } from '../plugins/auth';

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

/** The provider staff's routes: the admin token, a bearer token of its own (modules/admin/admin-auth.ts), not a sign-in. */
const ADMIN_PREFIX = '/api/admin/';

/**
 * Who may call, as the server decides it (plugins/auth.ts): no one needs a token for a public route
 * (`security: []`, overriding the document's bearer), the admin routes take the admin token, every
 * other API route a signed-in user's access token (the document's default).
 */
function securityOf(url: string, auth: unknown): Array<Record<string, string[]>> | undefined {
  if (url.startsWith(ADMIN_PREFIX)) return [{ adminToken: [] }];
  return needsAuth(url, auth as Parameters<typeof needsAuth>[1]) ? undefined : [];
}

/** The schema of one media type's content: JSON types an object, text a string, anything else bytes. */
function contentSchema(media: string) {
  if (/^application\/(.+\+)?json$/.test(media)) return { type: 'object', additionalProperties: true };
  if (media.startsWith('text/')) return { type: 'string' };
  return { type: 'string', format: 'binary' };
}

type DocumentSchema = FastifySchema & { media?: readonly string[]; checkedBody?: z.ZodType };

/**
 * zod schemas to JSON schema (fastify-type-provider-zod), plus what every operation documents the
 * same way: an operationId, who may call it, its success under its real media types, and the shared
 * error response (only in the document; serialisation of errors is untouched). A body the handler
 * checks itself (`checkedBody`) is documented as the request body.
 */
export const documentOperation: SwaggerTransform = (args) => {
  const { media, checkedBody, ...rest } = (args.schema ?? {}) as DocumentSchema;
  const given = args.schema ? { ...args, schema: checkedBody ? { ...rest, body: checkedBody } : rest } : args;
  const out = jsonSchemaTransform(given as Parameters<typeof jsonSchemaTransform>[0]);
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
  const security = securityOf(args.url, args.route.config?.auth);
  if (security) schema.security = security;
  const response = { ...(schema.response ?? {}) };
  if (media?.length) {
    // A file or a stream: its success under each media type it is sent as, never as JSON it is not.
    const success = Object.keys(response).find((code) => /^2/.test(code)) ?? '200';
    const described = (response[success] as { description?: string } | undefined)?.description;
    response[success] = {
      description: described ?? (media.length === 1 ? media[0] : media.join(', ')),
      content: Object.fromEntries(media.map((type) => [type, { schema: contentSchema(type) }])),
    };
  }
  if (!Object.keys(response).some((code) => /^[23]/.test(code))) response['200'] = { description: 'Success' };
  if (!Object.keys(response).some((code) => code.startsWith('4'))) response['4XX'] = ERROR_RESPONSE;
  schema.response = response;
  return out;
};
