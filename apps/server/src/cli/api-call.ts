import type { z } from 'zod';
import { pathOf, searchOf, type Endpoint, type EndpointAnswer, type EndpointInput, type QueryValue } from '@portal/contract';

/**
 * How the terminal's commands call a running portal (decision 018): by the contract's endpoint, its
 * method and path from the definition, the params, query and body it declares, the answer typed
 * from its success response. Each command words a failure itself, from PortalUnreachable or
 * PortalRefused.
 */

/** The `error` of a refused call's body (SPEC §7), as far as the terminal reads it. */
interface ApiError {
  code?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

/** The portal did not answer at all. */
export class PortalUnreachable extends Error {
  constructor(base: string) {
    super(`Cannot reach the portal at ${base}: is it running (npm start)?`);
  }
}

/** The portal answered with an error status: the status, and the body's `error` when it had one. */
export class PortalRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError | undefined,
  ) {
    super(`HTTP ${status}`);
  }

  /** The field errors, each on its own line under the message. */
  get fieldLines(): string {
    return Object.entries(this.error?.fieldErrors ?? {})
      .map(([k, v]) => `\n  ${k}: ${v.join(', ')}`)
      .join('');
  }
}

/** The sign-on's JSON calls check their body in the handler (`checkedBody`, packages/contract/src/api/sso.ts): typed from it all the same. */
type CheckedBody<E> = E extends { checkedBody: infer B extends z.ZodType } ? { body: z.input<B> } : unknown;
type CliInput<E extends Endpoint> = EndpointInput<E> & CheckedBody<E> & { token?: string };
/** The input is required when the endpoint has params, a query or a body; otherwise optional. */
type CliArgs<E extends Endpoint> = object extends CliInput<E> ? [input?: CliInput<E>] : [input: CliInput<E>];

/** Calls `endpoint` on the portal at `base`, with the bearer `token` when given. */
export async function callApi<const E extends Endpoint>(base: string, endpoint: E, ...[input]: CliArgs<E>): Promise<EndpointAnswer<E>> {
  const { params, query, body, token } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue> | URLSearchParams;
    body?: unknown;
    token?: string;
  };
  const search = query === undefined ? '' : searchOf(query);
  let res: Response;
  try {
    res = await fetch(`${base}${pathOf(endpoint, params)}${search ? `?${search}` : ''}`, {
      method: endpoint.method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new PortalUnreachable(base);
  }
  const data: unknown = res.status === 204 ? undefined : await res.json().catch(() => null);
  if (!res.ok) throw new PortalRefused(res.status, (data as { error?: ApiError } | null | undefined)?.error);
  return data as EndpointAnswer<E>;
}
