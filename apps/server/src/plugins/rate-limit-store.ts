import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RateLimitRedis extends Redis {
  portalRateLimit(key: string, windowMs: number, cb: (err: Error | null, res: [number, number]) => void): void;
}

/** A fixed window, as @fastify/rate-limit's own Redis store counts: the first hit starts it. */
const LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/**
 * The Redis connection for the rate-limit counters. It never queues commands while disconnected
 * (a request must not wait for Redis), keeps reconnecting in the background, and reports an outage
 * once in the log instead of once per reconnect attempt.
 */
export function rateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ reason: err.message }, 'rate-limit Redis unreachable: counting in this process until it is back');
  });
  redis.on('ready', () => {
    if (down) log.info('rate-limit Redis is back: counters are shared again');
    down = false;
  });
  return redis;
}

/**
 * A @fastify/rate-limit store whose counters live in Redis, so every server process counts the same
 * attempts; while Redis cannot be reached each process counts on its own instead of not at all
 * (the plugin's `skipOnError` would otherwise let every sign-in attempt through).
 */
export function sharedRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const r = redis as RateLimitRedis;
  if (typeof r.portalRateLimit !== 'function') redis.defineCommand('portalRateLimit', { numberOfKeys: 1, lua: LUA });

  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new Map<string, { count: number; resetAt: number }>();
    constructor(
      _options?: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const full = this.prefix + key;
      if (redis.status !== 'ready') return cb(null, this.localIncr(full, timeWindow));
      r.portalRateLimit(full, timeWindow, (err, res) => {
        if (err) return cb(null, this.localIncr(full, timeWindow));
        cb(null, { current: Number(res[0]), ttl: Number(res[1]) });
      });
    }

    /**
     * One store per route, as the plugin's Redis store keys them: namespace, method, URL. A limiter
     * made with `createRateLimit` has no route: its keys carry their own names (sign-in's do).
     */
    child(routeOptions: unknown) {
      const { method, url } = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new SharedStore(undefined, method && url ? `${this.prefix}${method}${url}-` : `${this.prefix}limiter-`);
    }

    private localIncr(key: string, windowMs: number) {
      const now = Date.now();
      if (this.local.size > 10_000) for (const [k, v] of this.local) if (v.resetAt <= now) this.local.delete(k);
      let entry = this.local.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + windowMs };
        this.local.set(key, entry);
      }
      entry.count += 1;
      return { current: entry.count, ttl: entry.resetAt - now };
    }
  }
  return SharedStore;
}
