/**
 * Run-time configuration. The server embeds it in index.html as a JSON data block (not a script,
 * so the strict CSP allows it), which lets one build serve every environment. `vite dev` and the
 * unit tests have no such block and fall back to the local defaults below.
 *
 * Checked by hand rather than with zod: this module is in the entry bundle, which zod would grow
 * by tens of KiB.
 */
export interface PortalConfig {
  appEnv: string;
  apiBase: string;
  ssoUrl: string;
  portalUrl: string;
  cookieName: string;
  cookieDomain: string | null;
  defaultLocale: string;
  currency: string;
  contactUrl: string;
  mapsEnabled: boolean;
}

type Raw = Record<string, unknown>;

const stripSlash = (value: string) => value.replace(/\/+$/, '');

function str(raw: Raw, key: keyof PortalConfig, fallback: string): string {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && value !== '') return value;
  console.error(`portal-config.${key} is not a non-empty string; using ${JSON.stringify(fallback)}`);
  return fallback;
}

export function readConfig(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): PortalConfig {
  let raw: Raw = {};
  // No document when the visitor home is prerendered on the server: renderVisitorHome fills this in.
  const text = doc?.getElementById('portal-config')?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) raw = parsed as Raw;
      else console.error('portal-config is not an object; using the defaults');
    } catch (error) {
      console.error('portal-config is not valid JSON; using the defaults', error);
    }
  }
  const cookieDomain = typeof raw.cookieDomain === 'string' && raw.cookieDomain !== '' ? raw.cookieDomain : null;
  return {
    appEnv: str(raw, 'appEnv', 'local'),
    apiBase: stripSlash(str(raw, 'apiBase', '/api')),
    ssoUrl: stripSlash(str(raw, 'ssoUrl', '/sso')),
    portalUrl: stripSlash(str(raw, 'portalUrl', typeof window === 'undefined' ? '' : window.location.origin)),
    cookieName: str(raw, 'cookieName', 'portal_auth_local'),
    cookieDomain,
    defaultLocale: str(raw, 'defaultLocale', 'en-ZA'),
    currency: str(raw, 'currency', 'ZAR'),
    contactUrl: str(raw, 'contactUrl', 'https://www.example.com/contact'),
    mapsEnabled: raw.mapsEnabled === true,
  };
}

export const config: PortalConfig = readConfig();
