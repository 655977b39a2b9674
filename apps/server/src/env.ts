import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The repository root (the folder whose package.json declares the workspaces), so ./data, the
 * migrations and the built portal resolve the same from source, from the bundle and from any
 * working directory.
 */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in JSON.parse(fs.readFileSync(pkg, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** Every setting the server reads; `.env.example` lists the same names with their defaults. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: z.enum(['local', 'dev', 'production']).default('local'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Server processes (node:cluster) sharing the port; more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** On SIGTERM: how long /readyz answers 503 while requests are still served, so a proxy takes the process out before it stops listening. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  PORTAL_URL: optionalUrl,
  API_BASE: optionalUrl,
  SSO_URL: optionalUrl,
  JWT_ISSUER: optionalString,
  JWT_AUDIENCE: z.string().default('practitioner-portal'),
  ALLOWED_REDIRECT_ORIGINS: z.string().default(''),
  COOKIE_DOMAIN: optionalString,
  ANALYTICS_KEY: optionalString,
  ANALYTICS_URL: optionalUrl,
  MAPS_KEY: optionalString,
  /** The geocoding endpoint warehouse addresses are sent to when MAPS_KEY is set (Google's Geocoding JSON API by default). */
  MAPS_GEOCODE_URL: z.url().default('https://maps.googleapis.com/maps/api/geocode/json'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Practitioner Portal <no-reply@localhost>'),
  REDIS_URL: optionalString,
  /** An OpenAI-compatible endpoint for Ask AI (hosted, or local such as Ollama or vLLM); empty uses the built-in engine. */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /** The external engine's whole answer must arrive within this; otherwise the built-in engine answers, with a note. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Live streams one server process holds open at most, all accounts together (decision 023). */
  LIVE_STREAM_LIMIT: z.coerce.number().int().min(1).default(2_000),
  /** Session requests one patient may have pending with one practitioner (decision 023). */
  SESSION_REQUEST_PENDING_LIMIT: z.coerce.number().int().min(1).default(2),
  /** Session requests one patient may make in 24 hours, across practitioners (decision 023). */
  SESSION_REQUEST_DAILY_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Ask AI questions per practitioner per minute. */
  AI_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** FHIR exports per practitioner per minute (decision 027). */
  FHIR_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Seals the audit trail's hash chain; production must set its own secret. */
  AUDIT_KEY: z.string().min(16).default('local-audit-key-not-a-secret'),
  /** Sign-in attempts per minute for one email (trimmed, lower-cased), by the form and the token API together. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts per minute from one client address, whatever the emails (password spraying). */
  SIGN_IN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** A signed-in session unused this long can no longer be used or refreshed. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** No session outlives this many hours from sign-in, however often it is refreshed. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  DEFAULT_LOCALE: z.string().default('en-ZA'),
  CURRENCY: z.string().length(3).default('ZAR'),
  /** The data-request fee the practitioner owes the provider, in minor units (SPEC §9 leaves the amount open). */
  DATA_REQUEST_FEE_CENTS: z.coerce.number().int().min(0).default(25000),
  /** What a patient pays for a kit and for a consultation ordered through a practice, in minor units of CURRENCY. */
  KIT_PRICE_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(149_900),
  CONSULTATION_PRICE_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(85_000),
  CONTACT_URL: z.url().default('https://www.example.com/contact'),
  DEMO_DATA: bool,
  /** The provider staff's bearer token for /api/admin (npm run admin); see modules/admin/admin-auth.ts. */
  ADMIN_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(24).max(512).optional()),
  /**
   * The proxies whose X-Forwarded-* headers are believed: addresses, CIDR ranges, or the names
   * loopback, linklocal and uniquelocal, comma-separated; `false` believes none. Default: in
   * production `loopback,uniquelocal` (a proxy on the same machine or a private network), else none.
   */
  TRUST_PROXY: optionalString,
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  SERVE_WEB: bool,
  SERVE_SSO: bool,
});

/** The name of every setting, as the schema above knows them (the deployment files' test holds them to these). */
export const ENV_NAMES = Object.keys(EnvSchema.shape);

export type Env = ReturnType<typeof loadEnv>;

/** Reads ./.env at the repository root into process.env when present (existing variables win). */
export function loadDotEnv() {
  const file = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const portalUrl = stripSlash(e.PORTAL_URL ?? `http://localhost:${e.PORT}`);
  const production = e.APP_ENV === 'production';
  if (production && !e.DATABASE_URL) throw new Error('Invalid configuration:\n  DATABASE_URL: required when APP_ENV=production');
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new Error(
      `Invalid configuration:\n  WEB_CONCURRENCY: ${e.WEB_CONCURRENCY} server processes need DATABASE_URL (PostgreSQL); the embedded PGlite database lives in one process, so without DATABASE_URL leave WEB_CONCURRENCY at 1`,
    );
  }
  if (production && !source.AUDIT_KEY) throw new Error('Invalid configuration:\n  AUDIT_KEY: required when APP_ENV=production');
  if (production) checkProductionMail(e.SMTP_URL, source.MAIL_FROM);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY ?? (production ? 'loopback,uniquelocal' : 'false'));
  const ssoUrl = stripSlash(e.SSO_URL ?? `${portalUrl}/sso`);
  return {
    ...e,
    DATA_DIR: path.resolve(REPO_ROOT, e.DATA_DIR),
    WEB_DIST: path.resolve(REPO_ROOT, e.WEB_DIST),
    production,
    portalUrl,
    apiBase: stripSlash(e.API_BASE ?? `${portalUrl}/api`),
    ssoUrl,
    /** The sign-on pages are served here unless SSO_URL points at another host running them. */
    serveSso: e.SERVE_SSO ?? true,
    jwtIssuer: e.JWT_ISSUER ?? ssoUrl,
    allowedRedirectOrigins: new Set([
      new URL(portalUrl).origin,
      ...e.ALLOWED_REDIRECT_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => new URL(s).origin),
    ]),
    cookieName: production ? 'portal_auth' : `portal_auth_${e.APP_ENV}`,
    demoData: e.DEMO_DATA ?? !production,
    serveWeb: e.SERVE_WEB ?? true,
    /** Fastify's `trustProxy`: the client address is the nearest X-Forwarded-For entry not from one of these. */
    trustProxy,
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's trustProxy (proxy-addr): a list of proxies, never `true`. Believing every
 * proxy would make the leftmost X-Forwarded-For entry, which the client writes, the address that the
 * per-address sign-in limit counts and the audit trail records.
 */
function parseTrustProxy(value: string): string[] | false {
  if (value.trim() === 'false') return false;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_NAMES.has(entry)) return false;
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    if (!family || extra !== undefined) return true;
    if (prefix === undefined) return false;
    return net.isIP(prefix) ? net.isIP(prefix) !== family : !/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated, or false; not '${bad.join(', ') || value}'`,
    );
  }
  return entries;
}

/**
 * In production mail must leave (decision 025): without SMTP_URL it would wait in the outbox for a
 * dev mailbox nobody reads, and without MAIL_FROM go out from no-reply@localhost, which receiving
 * servers reject or file as spam. The sender must be set, and at a real domain.
 */
function checkProductionMail(smtpUrl: string | undefined, mailFrom: string | undefined) {
  const problems: string[] = [];
  if (!smtpUrl) problems.push('SMTP_URL: required when APP_ENV=production (smtp:// or smtps://)');
  else if (!/^smtps?:\/\/[^/]/i.test(smtpUrl)) problems.push('SMTP_URL: an smtp:// or smtps:// address');
  const from = mailFrom?.trim();
  const domain = from ? /@([^\s@<>]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() : undefined;
  if (!from) problems.push('MAIL_FROM: required when APP_ENV=production, e.g. Practitioner Portal <no-reply@example.com>');
  else if (!domain || !domain.includes('.') || /(^|\.)(localhost|local|invalid|test|example)$/.test(domain)) {
    problems.push(`MAIL_FROM: an address at the provider's own domain, not '${from}'`);
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

function stripSlash(url: string) {
  return url.replace(/\/+$/, '');
}
