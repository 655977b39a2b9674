import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Analytics } from './modules/analytics/service';
import type { Audit } from './modules/audit/service';
import type { TokenKeys, Verify } from './modules/auth/keys';
import type { TokenService } from './modules/auth/service';
import type { LiveHub } from './modules/live/hub';
import type { Mailer } from './modules/mail/mailer';

/** What every module gets: settings, the database and the adapters to the outside. */
export interface AppContext {
  env: Env;
  database: Database;
  keys: TokenKeys;
  verify: Verify;
  tokens: TokenService;
  mailer: Mailer;
  analytics: Analytics;
  audit: Audit;
  /** This process's live streams (decision 011). */
  live: LiveHub;
  /** Set when the process has been told to stop: /readyz answers 503 while it finishes (SHUTDOWN_DRAIN_MS). */
  lifecycle: { draining: boolean };
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeTable: Array<{ method: string; url: string }>;
  }
}
