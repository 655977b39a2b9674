import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from './env';

function withConfig(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (text !== null) {
    const script = doc.createElement('script');
    script.id = 'portal-config';
    script.type = 'application/json';
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

afterEach(() => vi.restoreAllMocks());

describe('readConfig', () => {
  it('falls back to the local defaults without a config block', () => {
    expect(readConfig(withConfig(null))).toEqual({
      appEnv: 'local',
      apiBase: '/api',
      ssoUrl: '/sso',
      portalUrl: window.location.origin,
      cookieName: 'portal_auth_local',
      cookieDomain: null,
      defaultLocale: 'en-ZA',
      currency: 'ZAR',
      contactUrl: 'https://www.example.com/contact',
      mapsEnabled: false,
    });
  });

  it('reads what the server injected and drops trailing slashes', () => {
    const config = readConfig(
      withConfig(
        JSON.stringify({
          appEnv: 'production',
          apiBase: 'https://portal.example/api/',
          ssoUrl: 'https://sso.example/',
          portalUrl: 'https://portal.example',
          cookieName: 'portal_auth',
          cookieDomain: '.example',
          defaultLocale: 'en-GB',
          currency: 'EUR',
          contactUrl: 'https://example/contact',
          mapsEnabled: true,
        }),
      ),
    );
    expect(config.apiBase).toBe('https://portal.example/api');
    expect(config.ssoUrl).toBe('https://sso.example');
    expect(config.cookieName).toBe('portal_auth');
    expect(config.cookieDomain).toBe('.example');
    expect(config.currency).toBe('EUR');
    expect(config.mapsEnabled).toBe(true);
  });

  it('keeps the defaults for broken JSON or wrong types, and says so', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readConfig(withConfig('{not json')).apiBase).toBe('/api');
    expect(readConfig(withConfig(JSON.stringify({ apiBase: 42, cookieDomain: null }))).apiBase).toBe('/api');
    expect(log).toHaveBeenCalledTimes(2);
  });
});
