import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadEnv, REPO_ROOT } from './env';

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
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Practitioner Portal <no-reply@example.com>',
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

  it('production refuses to start without mail that leaves: SMTP_URL and a MAIL_FROM at a real domain', () => {
    const prod = { APP_ENV: 'production', DATABASE_URL: 'postgres://db/portal', AUDIT_KEY: 'a-production-secret-key' };
    const smtp = 'smtps://user:secret@mail.example.com:465';
    const from = 'Practitioner Portal <no-reply@example.com>';
    expect(() => loadEnv(prod)).toThrow(/SMTP_URL: required when APP_ENV=production[\s\S]*MAIL_FROM: required when APP_ENV=production/);
    expect(() => loadEnv({ ...prod, MAIL_FROM: from })).toThrow(/SMTP_URL: required/);
    expect(() => loadEnv({ ...prod, SMTP_URL: smtp })).toThrow(/MAIL_FROM: required/);
    expect(() => loadEnv({ ...prod, SMTP_URL: smtp, MAIL_FROM: '' })).toThrow(/MAIL_FROM: required/);
    expect(() => loadEnv({ ...prod, SMTP_URL: 'https://mail.example.com', MAIL_FROM: from })).toThrow(/SMTP_URL: an smtp:\/\/ or smtps:\/\/ address/);
    // .env.example's local sender, copied into production, is refused too.
    for (const local of ['Practitioner Portal <no-reply@localhost>', 'no-reply@portal.local', 'no-reply', 'Portal <a@b.test>']) {
      expect(() => loadEnv({ ...prod, SMTP_URL: smtp, MAIL_FROM: local }), local).toThrow(/MAIL_FROM: an address at the provider's own domain/);
    }
    expect(loadEnv({ ...prod, SMTP_URL: smtp, MAIL_FROM: from })).toMatchObject({ SMTP_URL: smtp, MAIL_FROM: from });
    expect(loadEnv({ ...prod, SMTP_URL: smtp, MAIL_FROM: 'no-reply@mail.provider.co.za' }).MAIL_FROM).toBe('no-reply@mail.provider.co.za');
    // Outside production the outbox and the local sender still do.
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({}).MAIL_FROM).toBe('Practitioner Portal <no-reply@localhost>');
  });

  it('the server itself refuses to start in production without them, saying why', async () => {
    const started = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/server.ts')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        APP_ENV: 'production',
        DATABASE_URL: 'postgres://unused.invalid/portal',
        AUDIT_KEY: 'a-production-secret-key',
        PORT: '0',
        // Set, and empty: a developer's .env (read at start for what is not set) cannot fill them in.
        SMTP_URL: '',
        MAIL_FROM: '',
      },
      timeout: 30_000,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(started?.code).toBe(1);
    expect(started?.stderr).toContain('SMTP_URL: required when APP_ENV=production');
    expect(started?.stderr).toContain('MAIL_FROM: required when APP_ENV=production');
  }, 40_000);

  it('WEB_CONCURRENCY: 1 by default; more processes only on PostgreSQL, refused on the embedded PGlite', () => {
    expect(loadEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(loadEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/portal' }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: 2 server processes need DATABASE_URL \(PostgreSQL\); the embedded PGlite database lives in one process/,
    );
    expect(() => loadEnv({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/portal' })).toThrow(/WEB_CONCURRENCY/);
  });
});
