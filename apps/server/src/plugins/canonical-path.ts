import type { IncomingMessage } from 'node:http';

/**
 * Where a request whose path is not spelled canonically is sent before routing: no route answers it,
 * so the not-found handler gives the catalogue's 404, and the log shows this instead of the path.
 */
export const NON_CANONICAL_PATH = '/!non-canonical';

/** Characters a path never needs percent-encoded (RFC 3986 §2.3), and the ones that change its shape. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const STRUCTURAL = /^[/\\?#]$/;
/** The prefixes routes are registered under: another case of them is a second spelling of the same route. */
const PREFIXES = new Set(['api', 'sso', 'dev']);

/**
 * Whether a request target is the one spelling of its path the routes are registered under, so every
 * safeguard that looks at the route (input check, caching headers, log redaction) sees what the
 * router serves. Not canonical (RFC 3986 §6.2.2): a percent-encoded unreserved character (`/%61pi/`),
 * an encoded slash, backslash, `?`, `#` or control character, a malformed escape, a dot segment
 * (`/./`, `/../`), an empty segment (`//`), a backslash, another case of the first segment
 * (`/API/`), or a target that is not an absolute path (`*`, `http://host/…`).
 */
export function isCanonicalPath(target: string): boolean {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
    const code = parseInt(hex, 16);
    const c = String.fromCharCode(code);
    if (UNRESERVED.test(c) || STRUCTURAL.test(c) || code < 0x20 || code === 0x7f) return false;
  }
  const segments = path.split('/');
  if (segments.some((s) => s === '.' || s === '..')) return false;
  const first = segments[1] ?? '';
  if (first !== first.toLowerCase() && PREFIXES.has(first.toLowerCase())) return false;
  return true;
}

/** Fastify's `rewriteUrl`: a canonical target unchanged, any other one to NON_CANONICAL_PATH. */
export function canonicalOrRefused(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (isCanonicalPath(url)) return url;
  // Fastify keeps the target as `originalUrl` before asking: the spelling (a feed's token, say) is
  // not kept for anything to log.
  (req as IncomingMessage & { originalUrl?: string }).originalUrl = NON_CANONICAL_PATH;
  return NON_CANONICAL_PATH;
}
