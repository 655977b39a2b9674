import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('env', () => {
  it('derives the addresses from PORT by default', () => {
    const env = loadEnv({ PORT: '4100' });
    expect(env).toMatchObject({
      portalUrl: 'http://localhost:4100',
      apiBase: 'http://localhost:4100/api',
      ssoUrl: 'http://localhost:4100/sso',
      cookieName: 'portal_auth_local',
      demoData: true,
    });
    expect([...env.allowedRedirectOrigins]).toEqual(['http://localhost:4100']);
  });

  it('names the cookie per environment and keeps demo data out of production', () => {
    expect(loadEnv({ APP_ENV: 'dev' }).cookieName).toBe('portal_auth_dev');
    const prod = loadEnv({
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      AUDIT_KEY: 'a-production-secret-key',
      PORTAL_URL: 'https://portal.example.com',
      ALLOWED_REDIRECT_ORIGINS: 'https://admin.example.com/',
    });
    expect(prod).toMatchObject({ cookieName: 'portal_auth', demoData: false, production: true });
    expect([...prod.allowedRedirectOrigins]).toEqual(['https://portal.example.com', 'https://admin.example.com']);
  });

  it('refuses invalid settings with a readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
    expect(() => loadEnv({ APP_ENV: 'production' })).toThrow(/DATABASE_URL: required/);
    expect(() => loadEnv({ APP_ENV: 'production', DATABASE_URL: 'postgres://db/portal' })).toThrow(/AUDIT_KEY: required/);
  });

  it('WEB_CONCURRENCY: 1 by default; more processes only on PostgreSQL, refused on the embedded PGlite', () => {
    expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/portal' }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: 2 server processes need DATABASE_URL \(PostgreSQL\); the embedded PGlite database lives in one process/,
    );
    expect(() => loadEnv({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/portal' })).toThrow(/WEB_CONCURRENCY/);
  });
});
