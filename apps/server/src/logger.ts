import pino, { type DestinationStream } from 'pino';
import type { Env } from './env';
import { NON_CANONICAL_PATH } from './plugins/canonical-path';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the request log names the route pattern, never the address (its path is a key). */
    logPath?: boolean;
  }
}

/**
 * A request's address without its query string: a search term (a patient's name typed into the
 * sessions search) must not reach the log.
 */
export function pathOnly(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?[redacted]`;
}

/** What a request log line says of a request: decided on the route that matched, not on the raw address. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string; config?: { logPath?: boolean } };
}

/**
 * The address a request is logged with. A route that matched: its path without the query string,
 * or only its route pattern when the route says `logPath: false` (the calendar feed, whose address
 * is its key: decision 012). A request no route matched (a 404, the portal's own pages, a spelling
 * refused as not canonical): only its first segment, since the rest names nothing and may hold
 * anything typed (or a token sent to the wrong place).
 */
export function loggedPath(req: LoggedRequest): { url?: string; route?: string } {
  const pattern = req.routeOptions?.url;
  if (pattern) return req.routeOptions?.config?.logPath === false ? { route: pattern } : { url: pathOnly(req.url) };
  const path = (req.url ?? '').split('?')[0]!;
  if (path === NON_CANONICAL_PATH) return { url: NON_CANONICAL_PATH };
  const first = /^\/([a-z0-9_-]{1,20})(\/.+)?$/.exec(path);
  return { url: first ? `/${first[1]}${first[2] ? '/[unmatched]' : ''}` : '/[unmatched]' };
}

/** Paths pino censors wherever they appear in a log line: secrets, tokens and personal fields. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.email',
  '*.firstName',
  '*.lastName',
  '*.phoneNumber',
  '*.description',
  '*.answers',
  '*.genotype',
  '*.data',
];

/** Properties of an error that name what failed without holding data: codes and schema names. */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'dataType', 'validationContext'] as const;
const EMAIL = /[^\s"'<>()[\],;:]+@[^\s"'<>()[\],;:]+/g;

/**
 * An error message with what may be data taken out: every double-quoted part (PostgreSQL quotes the
 * value it could not take, `invalid input syntax for type uuid: "…"`; V8 quotes the text it could
 * not parse as JSON) unless it is one of the error's own schema names, and anything like an email.
 */
export function safeMessage(message: string, names: ReadonlySet<unknown> = new Set()): string {
  return message.replace(/"([^"]*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"[redacted]"')).replace(EMAIL, '[email]');
}

type LoggedError = Record<string, unknown>;

/**
 * How an error is logged (pino's `err` and `error` keys): its type, a message without data, the SQL
 * of a failed query (drizzle's DrizzleQueryError) without its parameters, the database's code and
 * schema names, the stack frames and the chain of causes, each the same way. Never the parameters,
 * the database's `detail` (it repeats the failing row: `Failing row contains (…)`), `where` or
 * `hint`, nor any other property an error may carry.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return safeMessage(err);
  if (err === null || typeof err !== 'object') return err;
  const e = err as LoggedError & { message?: unknown; stack?: unknown; cause?: unknown; query?: unknown; issues?: unknown; errors?: unknown };
  const type = (e.constructor as { name?: string } | undefined)?.name ?? 'Error';
  const names = new Set(['table', 'column', 'constraint', 'schema', 'dataType'].map((k) => e[k]).filter((v) => typeof v === 'string'));
  const sql = typeof e.query === 'string' ? e.query : undefined;
  const out: LoggedError = { type };
  if (Array.isArray(e.issues)) {
    // A zod error: where and what, never the value (zod's own messages do not quote the input).
    const issues = e.issues as Array<{ code?: unknown; path?: unknown[]; message?: unknown }>;
    out.message = `${issues.length} validation issue(s)`;
    out.issues = issues.slice(0, 10).map((i) => ({ code: i.code, path: (i.path ?? []).map(String).join('.'), message: safeMessage(String(i.message ?? '')) }));
  } else {
    const message = String(e.message ?? '');
    // drizzle's own message repeats the parameters after the SQL: only the SQL is kept.
    out.message = sql !== undefined && message.startsWith('Failed query: ') ? `Failed query: ${sql}` : safeMessage(message, names);
  }
  if (sql !== undefined) out.sql = sql;
  for (const key of ERROR_FIELDS) if (e[key] !== undefined && e[key] !== null && typeof e[key] !== 'object') out[key] = e[key];
  if (typeof e.stack === 'string') {
    out.stack = [`${type}: ${String(out.message)}`, ...e.stack.split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
  }
  if (depth < 5 && e.cause !== undefined) out.cause = safeError(e.cause, depth + 1);
  if (depth < 5 && Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((x) => safeError(x, depth + 1));
  return out;
}

/**
 * pino with request ids; secrets, tokens, personal data and query strings never reach the log, and
 * errors are logged through `safeError` (a failed query's SQL, never its parameters or rows).
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream) {
  return pino(
    {
      level: env.LOG_LEVEL,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        err: safeError,
        error: safeError,
        req: (req: LoggedRequest) => ({
          method: req.method,
          ...loggedPath(req),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
