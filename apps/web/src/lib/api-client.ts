import {
  ENTRY_ADDRESSES,
  ERROR_TEXTS,
  ErrorCode,
  pathOf,
  searchOf,
  type accountApi,
  type AnyEndpointAddress,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointOf,
  type QueryValue,
  type TokenPair,
} from '@portal/contract';
import { config } from '../config/env';
import { clearAuthCookie, readAuthCookie, writeAuthCookie } from './auth-cookie';
import { goToSignIn } from './sign-on';

/** A failed call, read from the `{error:{...}}` body the API answers with (SPEC §7). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: Record<string, unknown> | null;
  readonly fieldErrors: Record<string, string[]> | null;
  // Shadows Error.cause on purpose: the API's `cause` is a short string, not a chained error.
  override readonly cause: string | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    params?: Record<string, unknown> | null;
    fieldErrors?: Record<string, string[]> | null;
    cause?: string | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.params = init.params ?? null;
    this.fieldErrors = init.fieldErrors ?? null;
    this.cause = init.cause ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default). Public calls such as refresh and logout turn it off. */
  auth?: boolean;
  /** 'arrayBuffer' for binary documents (the terms PDF); 'response' hands back the open Response (a stream). */
  responseType?: 'json' | 'arrayBuffer' | 'response';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function urlOf(path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${config.apiBase}${path}`;
}

/** The bearer token goes only to our own API, never to an absolute address elsewhere. */
function isOwnApi(url: string): boolean {
  const base = new URL(config.apiBase, window.location.origin).href.replace(/\/?$/, '/');
  return new URL(url, window.location.origin).href.startsWith(base);
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): the caller's fallback text applies.
  }
  const e = (body as { error?: Record<string, unknown> } | null)?.error;
  return new ApiError({
    status: response.status,
    code: typeof e?.code === 'string' || typeof e?.code === 'number' ? String(e.code) : '',
    message: typeof e?.message === 'string' ? e.message : '',
    params: (e?.params as Record<string, unknown> | null | undefined) ?? null,
    fieldErrors: (e?.fieldErrors as Record<string, string[]> | null | undefined) ?? null,
    cause: typeof e?.cause === 'string' ? e.cause : null,
  });
}

async function send(url: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.responseType === 'arrayBuffer' ? '*/*' : 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // Cancellation is TanStack Query's business, not a failure to show.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: ErrorCode.UNEXPECTED, message: ERROR_TEXTS['0'] });
  }
}

async function parse<T>(response: Response, options: RequestOptions): Promise<T> {
  if (options.responseType === 'arrayBuffer') return (await response.arrayBuffer()) as T;
  if (options.responseType === 'response') return response as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** SPEC §8: 400410 ends the session everywhere: drop the cookie and sign in again. */
function endSession(): void {
  clearAuthCookie();
  goToSignIn();
}

let refreshing: Promise<TokenPair> | null = null;

/**
 * One refresh at a time: concurrent 401s share it, because the server rotates the refresh token
 * and treats a second use of the old one as theft (it revokes the whole family).
 */
function refreshTokens(refreshToken: string): Promise<TokenPair> {
  refreshing ??= (async () => {
    try {
      const pair = await callAt<typeof accountApi.refreshToken>(ENTRY_ADDRESSES.refreshToken, { body: { token: refreshToken }, auth: false });
      writeAuthCookie(pair);
      return pair;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * The one way the portal calls the API: JSON in, the unwrapped body out, an ApiError on failure.
 * On a 401 it refreshes once, saves the new pair in the cookie and retries once.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = urlOf(path);
  const useAuth = (options.auth ?? true) && isOwnApi(url);
  const started = useAuth ? readAuthCookie() : null;

  let response = await send(url, options, started?.accessToken ?? null);

  if (response.status === 401 && useAuth && started) {
    const first = await readError(response);
    const current = readAuthCookie();
    // Signed out while the call was under way (logout here or in another tab): there is nothing to
    // refresh, and the user is already where they chose to go; sending them to the sign-on would be wrong.
    if (!current) throw first;
    if (first.code === ErrorCode.SESSION_EXPIRED) {
      endSession();
      throw first;
    }
    let accessToken: string;
    if (current.refreshToken !== started.refreshToken) {
      // Another tab (or a concurrent call here) refreshed meanwhile: its new token is ours to use.
      accessToken = current.accessToken;
    } else {
      accessToken = (await refreshTokens(started.refreshToken)).accessToken;
    }
    // The retry is final: a second 401 is reported, not refreshed again.
    response = await send(url, options, accessToken);
  }

  if (!response.ok) {
    const error = await readError(response);
    if (error.code === ErrorCode.SESSION_EXPIRED) endSession();
    throw error;
  }
  return parse<T>(response, options);
}

type CallOptions = Pick<RequestOptions, 'auth' | 'headers' | 'signal'>;
type CallInput<E extends Endpoint> = EndpointInput<E> & CallOptions;
/** The input is required when the endpoint has params, a query or a body; otherwise optional. */
type CallArgs<E extends Endpoint> = object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type AddressInput = { params?: Record<string, string | number>; query?: Record<string, QueryValue> | URLSearchParams };

/** An endpoint's path under the API base, its parameters filled in and its query's set values appended. */
function pathUnderBase(endpoint: Pick<Endpoint, 'method' | 'path'>, { params, query }: AddressInput): string {
  if (!endpoint.path.startsWith('/api/')) throw new Error(`${endpoint.path} is not an API endpoint the portal calls`);
  const search = query === undefined ? '' : searchOf(query);
  return `${pathOf(endpoint, params).slice('/api'.length)}${search ? `?${search}` : ''}`;
}

/** An endpoint's address, for a link or a document viewer rather than a call. */
export function endpointUrl(endpoint: Pick<Endpoint, 'method' | 'path'>, input: AddressInput = {}): string {
  return `${config.apiBase}${pathUnderBase(endpoint, input)}`;
}

/**
 * Calls a contract endpoint (decision 018) by its address (`@portal/contract/addresses`): its method
 * and path from the contract, the params, query and body its endpoint declares, the answer typed from
 * its success response (bytes for a file, the open Response for a stream). Errors, refresh and retry
 * are apiRequest's. The address, not the endpoint: importing an endpoint builds its zod schemas, which
 * a call does not use (issue 35).
 */
export function call<const A extends AnyEndpointAddress>(address: A, ...args: CallArgs<EndpointOf<A>>): Promise<EndpointAnswer<EndpointOf<A>>> {
  return callAt<EndpointOf<A>>(address, ...args);
}

/** `call` by an endpoint's zod-free address (ENTRY_ADDRESSES), typed by the endpoint named: how the entry bundle calls. */
export function callAt<E extends Endpoint>(address: Pick<E, 'method' | 'path'> & Pick<Endpoint, 'reply'>, ...[input]: CallArgs<E>): Promise<EndpointAnswer<E>> {
  return request(address, input, address.reply === 'file' ? 'arrayBuffer' : address.reply === 'stream' ? 'response' : 'json');
}

/** The bytes of a file at an address the API itself answered (a terms record's tosURI), not one the portal builds. */
export function fetchLink(link: string): Promise<ArrayBuffer> {
  return apiRequest<ArrayBuffer>(link, { responseType: 'arrayBuffer' });
}

/** A file's open Response, for a download whose headers say more than its bytes (the CSV export's name and row count). */
export function callForResponse<const A extends AnyEndpointAddress & { reply: 'file' }>(address: A, ...[input]: CallArgs<EndpointOf<A>>): Promise<Response> {
  return request(address, input, 'response');
}

function request<T>(address: Pick<Endpoint, 'method' | 'path'>, input: unknown, responseType: RequestOptions['responseType']): Promise<T> {
  const { params, query, body, ...options } = (input ?? {}) as CallOptions & AddressInput & { body?: unknown };
  return apiRequest<T>(pathUnderBase(address, { params, query }), { ...options, method: address.method, body, responseType });
}
