import type { AppContext } from '../../context';
import { addFeeReminders, handleNew, sendDigests } from './service';

/** The worker's rounds when nothing wakes it: new notifications and due mail, digests, fee reminders. */
export const WORKER_ROUND_MS = 15_000;
const DIGEST_EVERY_MS = 60_000;
const FEES_EVERY_MS = 10 * 60_000;
/** How long after a live event the round starts; events meanwhile share it. */
const EVENT_DELAY_MS = 1_000;

export interface NotificationWorker {
  /** One round now (and the next as soon as this one ends, if woken meanwhile). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Drains the outbox in this server process (decision 013): every server process runs one, and the
 * database decides which handles what, so nothing is sent twice. Woken a second after the live
 * updates' LISTEN hears that something changed for a practitioner, at once whenever a mail is queued,
 * and otherwise every 15 s, which is also how a refused mail is retried.
 */
export function startNotificationWorker(ctx: AppContext): NotificationWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastDigest = 0;
  let lastFees = 0;

  const round = async () => {
    const now = new Date();
    if (now.getTime() - lastFees >= FEES_EVERY_MS) {
      lastFees = now.getTime();
      await addFeeReminders(ctx, now);
    }
    await handleNew(ctx, now);
    if (now.getTime() - lastDigest >= DIGEST_EVERY_MS) {
      lastDigest = now.getTime();
      await sendDigests(ctx, now);
    }
    // A fresh clock: what this round queued is due too.
    await ctx.mailer.deliverDue(new Date());
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err: Error & { code?: string }) =>
        ctx.log.error({ err: { message: err.message, code: err.code } }, 'notifications: a round failed; the next one tries again'),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const timer = setInterval(wake, WORKER_ROUND_MS);
  timer.unref();
  // Live events come with every accept and every read's data change too: under load, one round a
  // second at most from them (an e-mail a second later is as good), not one per event.
  let soon: NodeJS.Timeout | null = null;
  const unsubscribe = ctx.live.onEvent(() => {
    soon ??= setTimeout(() => {
      soon = null;
      wake();
    }, EVENT_DELAY_MS);
  });
  ctx.mailer.onQueued(wake);
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      unsubscribe();
      await running;
    },
  };
}
