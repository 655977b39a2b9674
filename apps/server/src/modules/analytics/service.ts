import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export const AnalyticsEvent = {
  SESSION_ACCEPTED: 'session accepted',
  JOURNAL_CREATED: 'journal created',
  TERMS_ACCEPTED: 'terms accepted',
} as const;
export type AnalyticsEvent = (typeof AnalyticsEvent)[keyof typeof AnalyticsEvent];

export interface Analytics {
  track(name: AnalyticsEvent, userId: string | null, properties?: Record<string, unknown>): Promise<void>;
}

/** Events go to the events table, and to the analytics service when its key is set. */
export function createAnalytics(db: Db, opts: { key?: string; url?: string; log: FastifyBaseLogger }): Analytics {
  return {
    async track(name, userId, properties = {}) {
      const [row] = await db.insert(analyticsEvents).values({ name, userId, properties }).returning({ id: analyticsEvents.id });
      if (!opts.key || !opts.url) return;
      // Forwarding must never fail or slow the user's request: it runs after it, and failures are logged.
      void fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.key}` },
        body: JSON.stringify({ event: name, userId, properties, timestamp: new Date().toISOString() }),
        signal: AbortSignal.timeout(5000),
      })
        .then(async (res) => {
          if (!res.ok) throw new Error(`analytics answered ${res.status}`);
          await db.update(analyticsEvents).set({ forwardedAt: new Date() }).where(eq(analyticsEvents.id, row!.id));
        })
        .catch((err) => opts.log.warn({ err }, 'analytics forwarding failed'));
    },
  };
}
