import { LIMITS, type TokenPair } from '@portal/contract';
import { config } from '../config/env';

/**
 * The sign-on app writes `{accessToken, refreshToken}` (URI-encoded JSON) to a cookie the portal
 * can read, because the portal sends the access token as a bearer header (SPEC §7). The tokens
 * live only there: never in localStorage or sessionStorage.
 */

function readRawCookie(name: string): string | null {
  // The server prerenders the visitor home (no document, no cookie): signed out.
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function readAuthCookie(): TokenPair | null {
  const raw = readRawCookie(config.cookieName);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as TokenPair).accessToken === 'string' &&
      (value as TokenPair).accessToken !== '' &&
      typeof (value as TokenPair).refreshToken === 'string' &&
      (value as TokenPair).refreshToken !== ''
    ) {
      const { accessToken, refreshToken } = value as TokenPair;
      return { accessToken, refreshToken };
    }
  } catch {
    // A malformed cookie counts as no cookie.
  }
  return null;
}

function attributes(maxAgeSeconds: number): string {
  const parts = [`path=/`, `max-age=${maxAgeSeconds}`, 'SameSite=Lax'];
  if (config.cookieDomain) parts.push(`domain=${config.cookieDomain}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

/** Same name, path, SameSite and domain as the sign-on app uses, so this overwrites its cookie. */
export function writeAuthCookie(pair: TokenPair): void {
  const value = encodeURIComponent(JSON.stringify({ accessToken: pair.accessToken, refreshToken: pair.refreshToken }));
  document.cookie = `${config.cookieName}=${value}; ${attributes(LIMITS.cookieDays * 86_400)}`;
}

export function clearAuthCookie(): void {
  document.cookie = `${config.cookieName}=; ${attributes(0)}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The payload of a JWT, without verifying it (the server does that); null when unreadable. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function tokenScope(accessToken: string): string | null {
  const scope = decodeJwtPayload(accessToken)?.scope;
  return typeof scope === 'string' && scope !== '' ? scope : null;
}

/** SPEC §4: signed in only if the cookie exists and its access token carries a scope. */
export function isSignedIn(): boolean {
  const pair = readAuthCookie();
  return pair !== null && tokenScope(pair.accessToken) !== null;
}
