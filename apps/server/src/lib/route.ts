import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '@portal/contract';

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Field<E, K extends string> = E extends { [P in K]: infer T } ? T : undefined;

/** The Fastify schema an endpoint registers with, typed so the zod type provider infers request and reply from it. */
type SchemaOf<E extends Endpoint> = {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  body: Field<E, 'body'>;
  headers: Field<E, 'headers'>;
  response: Field<E, 'responses'>;
};

type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What stays the server's own business: who may call (`config.auth`), rate limits, guards run before the handler, body size, log level. */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'logLevel' | 'onRequest' | 'preHandler'>;

/**
 * The path a plugin registers under its prefix: app.ts still mounts each module's plugin at its
 * prefix, so the route table, Fastify's trailing-slash handling and the OpenAPI document stay as
 * they were. A contract path outside the plugin's prefix is a mistake found at start-up.
 */
export function urlUnder(prefix: string, path: string): string {
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : null;
  if (rest === null || !rest.startsWith('/')) throw new Error(`${path} is not under the prefix ${prefix || '/'} its plugin is registered at`);
  return rest;
}

/**
 * The schema as routes wrote it inline before (only the keys the endpoint has), for validation,
 * serialisation and the document. `media` and `checkedBody` are for the document only (Fastify
 * compiles none but the request and response keys): lib/openapi.ts turns them into the answer's
 * media types and the documented request body.
 */
function schemaOf(endpoint: Endpoint): FastifySchema {
  const { tags, summary, description, params, query, body, headers, responses, hide, media, checkedBody } = endpoint;
  const schema: Record<string, unknown> = {
    tags,
    summary,
    description,
    params,
    querystring: query,
    body,
    headers,
    response: responses,
    hide,
    media,
    checkedBody,
  };
  for (const key of Object.keys(schema)) if (schema[key] === undefined) delete schema[key];
  return schema;
}

/** Registers the route of a contract endpoint (decision 018); the handler is typed from the endpoint's schemas. */
export function route<const E extends Endpoint>(app: ZodApp, endpoint: E, handler: Handler<E>): void;
export function route<const E extends Endpoint>(app: ZodApp, endpoint: E, options: RouteOptions, handler: Handler<E>): void;
export function route<const E extends Endpoint>(app: ZodApp, endpoint: E, ...rest: [Handler<E>] | [RouteOptions, Handler<E>]): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  app.route({
    ...options,
    method: endpoint.method,
    url: urlUnder(app.prefix, endpoint.path),
    schema: schemaOf(endpoint),
    handler: handler as RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      unknown,
      FastifySchema,
      ZodTypeProvider
    >,
  });
}
