import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API, described once (decision 018): the server registers its route from it
 * (apps/server/src/lib/route.ts), the OpenAPI document is generated from the same schemas, and the
 * portal calls it by reference (apps/web/src/lib/api-client.ts `call`). Nothing here may import
 * Fastify: the browser bundle imports this package.
 */
export interface Endpoint {
  method: HttpMethod;
  /**
   * The full path, with Fastify's `:name` for a path parameter. A module's root route keeps the
   * trailing slash it has always been documented and called with (`/api/portal/journals/`).
   */
  path: string;
  tags?: readonly string[];
  summary?: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** JSON answers by status. A route without one (a file, a stream) answers what `reply` says. */
  responses?: Partial<Record<number, z.ZodType>>;
  /**
   * What a success carries when it is not JSON: `file` bytes (a PDF, iCalendar, a FHIR bundle, a
   * page), which the portal reads as an ArrayBuffer; `stream` server-sent events, which it reads
   * from the open Response.
   */
  reply?: 'file' | 'stream';
  /**
   * The media types a success is sent as when it is not plain JSON (a PDF, iCalendar, a FHIR bundle,
   * CSV, an image, server-sent events): the OpenAPI document lists the answer under each, so a client
   * generated from it reads the right thing (decision 025).
   */
  media?: readonly string[];
  /**
   * A JSON body the handler checks itself, answering refusals of its own (the sign-on's JSON calls,
   * which answer the sign-on's error bodies): documented as the request body, not validated by the
   * route, read by the handler with this schema.
   */
  checkedBody?: z.ZodType;
  /** Not an API operation (probes, the dev mailbox): left out of the OpenAPI document. */
  hide?: true;
}

/** Declares an endpoint, its literal types kept, so both sides infer params, body and answer from it. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Field<E, K extends string> = E extends { [P in K]: infer T extends z.ZodType } ? T : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller gives: the path parameters, query and body the endpoint declares, nothing else. */
export type EndpointInput<E extends Endpoint> = ([Field<E, 'params'>] extends [undefined] ? unknown : { params: Input<Field<E, 'params'>> }) &
  // A query may also come ready-built, as the address of a view's state (the reports' filters).
  ([Field<E, 'query'>] extends [undefined] ? unknown : { query: Input<Field<E, 'query'>> | URLSearchParams }) &
  ([Field<E, 'body'>] extends [undefined] ? unknown : { body: Input<Field<E, 'body'>> });

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<E> = E extends { responses: infer R } ? R : Record<never, never>;
type JsonAnswer<R> = {
  [S in keyof R & SuccessStatus]: S extends 204 ? undefined : R[S] extends z.ZodType ? z.output<R[S]> : never;
}[keyof R & SuccessStatus];

/** What a successful call answers: its 2xx JSON, the bytes of a file, or the open stream. */
export type EndpointAnswer<E extends Endpoint> = E extends { reply: 'file' }
  ? ArrayBuffer
  : E extends { reply: 'stream' }
    ? Response
    : JsonAnswer<Responses<E>>;

/** The path with its parameters filled in, each encoded as one path segment. */
export function pathOf(endpoint: Pick<Endpoint, 'method' | 'path'>, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** One value of a query given as an object: a list repeats its key; unset values are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Query string of the set values only; a list repeats its key. A query already built (a view's address) is taken as it is. */
export function searchOf(q: Record<string, QueryValue> | URLSearchParams): string {
  if (q instanceof URLSearchParams) return q.toString();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  return params.toString();
}

declare const endpointOf: unique symbol;

/**
 * An endpoint's address without its schemas: method, path and what it replies when not JSON, typed by
 * the endpoint it belongs to (a property only the type has). The portal calls by these (`src/addresses`,
 * written from the endpoints by `scripts/write-addresses.ts`): importing an endpoint builds its zod
 * schemas, which no page needs to make a call (issue 35).
 */
export type EndpointAddress<E extends Endpoint> = Pick<E, 'method' | 'path'> &
  (E extends { reply: infer R } ? { reply: R } : { reply?: undefined }) & { readonly [endpointOf]?: E };

/** Any endpoint's address, whatever its endpoint. */
export interface AnyEndpointAddress {
  method: HttpMethod;
  path: string;
  reply?: Endpoint['reply'];
  readonly [endpointOf]?: Endpoint;
}

/** The endpoint an address belongs to (its schemas' types; nothing at run time). */
export type EndpointOf<A extends AnyEndpointAddress> = Exclude<A[typeof endpointOf], undefined>;

/** A module's endpoints as addresses, key for key. */
export type AddressesOf<M extends Record<string, Endpoint>> = { [K in keyof M]: EndpointAddress<M[K]> };
