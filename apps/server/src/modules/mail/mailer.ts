import nodemailer from 'nodemailer';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { normaliseEmail, rules } from '@portal/contract';
import type { Mail } from './service';

/**
 * Headers on every mail the portal sends. RFC 3834: made by a program, not a person, so vacation and
 * out-of-office responders stay silent; Exchange and Outlook read their own header for the same.
 */
const AUTOMATED_HEADERS = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' } as const;

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Puts the mail in the outbox (in `tx` when given, so it exists exactly when the change that wrote
   * it commits) and returns at once: delivery never holds up the request that caused it. With SMTP
   * it is delivered moments later by deliverDue, retried when the server refuses.
   */
  send(mail: Mail, tx?: Db | Tx): Promise<string>;
  /** Delivers what is due by SMTP; a mail is held by one process at a time (decision 013). */
  deliverDue(now?: Date): Promise<{ sent: number; failed: number }>;
  /** Called whenever a mail is queued, so the worker delivers it without waiting for its next round. */
  onQueued(listener: () => void): void;
  /** The dev mailbox: what the outbox holds, newest first. */
  recent(limit?: number): Promise<Array<typeof mailOutbox.$inferSelect>>;
  close(): void;
}

/** Tries before a mail is left undelivered with its last error (about a day and a half in all). */
export const MAX_ATTEMPTS = 10;
/** How long one process holds a mail it is delivering; longer than the SMTP timeouts below add up to. */
const CLAIM_MS = 2 * 60_000;
/** One minute after the first refusal, doubling, at most six hours. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

const NOT_ONE_ADDRESS = 'mail refused: the recipient is not one e-mail address';

/** The one recipient of a mail, normalised as the contract stores addresses, or null for anything else (a list, a display name, brackets). */
function oneAddress(to: string): string | null {
  const address = normaliseEmail(to);
  return rules.email(address) === null && rules.storable(address) === null ? address : null;
}

/**
 * Every mail is recorded in mail_outbox; with SMTP_URL it is delivered from there by SMTP, otherwise
 * it waits in the outbox that the dev mailbox page shows.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const smtp = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;
  const transport = smtp ? 'smtp' : 'outbox';
  const listeners: Array<() => void> = [];
  return {
    transport,
    async send(mail, tx = db) {
      // A recipient that is not one address (an account stored before the rule) is never sent to:
      // the mail is kept as given up with the reason, and the change that wrote it goes on.
      const to = oneAddress(mail.to);
      const refused = to === null ? { attempts: MAX_ATTEMPTS, error: NOT_ONE_ADDRESS } : {};
      // Due from this server's clock, the one deliverDue compares with (the database's may differ).
      const [row] = await tx
        .insert(mailOutbox)
        .values({
          to: to ?? mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          listUnsubscribe: mail.listUnsubscribe,
          transport,
          nextAttemptAt: new Date(),
          ...refused,
        })
        .returning({ id: mailOutbox.id });
      if (smtp) for (const l of listeners) l();
      return row!.id;
    },
    async deliverDue(now = new Date()) {
      if (!smtp) return { sent: 0, failed: 0 };
      // Claimed in one statement: another process skips what this one locked and, once committed,
      // what it holds until claimed_until.
      const due = rowsOf<{ id: string; to: string; subject: string; text: string; html: string | null; listUnsubscribe: string | null; attempts: number }>(
        await db.execute(sql`
          update ${mailOutbox} set claimed_until = ${new Date(now.getTime() + CLAIM_MS)}, attempts = attempts + 1
          where id in (
            select id from ${mailOutbox}
            where sent_at is null and transport = 'smtp' and attempts < ${MAX_ATTEMPTS} and next_attempt_at <= ${now}
              and (claimed_until is null or claimed_until < ${now})
            order by next_attempt_at limit 20 for update skip locked)
          returning id, to_address as "to", subject, body_text as "text", body_html as "html", list_unsubscribe as "listUnsubscribe", attempts`),
      );
      let sent = 0;
      let failed = 0;
      for (const m of due) {
        try {
          const to = oneAddress(m.to);
          if (to === null) throw new Error(NOT_ONE_ADDRESS);
          // multipart/alternative: the text part first, the HTML part after it (RFC 2046 §5.1.4: the richest last).
          // An address object, not a string: nodemailer takes it as one recipient and parses nothing
          // out of it (a string would be read as an address list, `a@x,b@y` as two).
          await smtp.sendMail({
            from: opts.from,
            to: { name: '', address: to },
            subject: m.subject,
            text: m.text,
            ...(m.html ? { html: m.html } : {}),
            headers: AUTOMATED_HEADERS,
            ...(m.listUnsubscribe ? { list: { unsubscribe: m.listUnsubscribe } } : {}),
          });
          await db.update(mailOutbox).set({ sentAt: new Date(), claimedUntil: null, error: null }).where(eq(mailOutbox.id, m.id));
          sent += 1;
        } catch (err) {
          failed += 1;
          // The id and the server's codes only: its message may quote the address.
          opts.log.warn(
            {
              mailId: m.id,
              attempts: m.attempts,
              err: { code: (err as { code?: string }).code, responseCode: (err as { responseCode?: number }).responseCode },
            },
            'mail delivery failed; kept for another try',
          );
          await db
            .update(mailOutbox)
            .set({ error: String((err as Error).message).slice(0, 500), claimedUntil: null, nextAttemptAt: new Date(now.getTime() + retryDelayMs(m.attempts)) })
            .where(eq(mailOutbox.id, m.id));
        }
      }
      return { sent, failed };
    },
    onQueued(listener) {
      listeners.push(listener);
    },
    recent: (limit = 50) => db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit),
    close() {
      smtp?.close();
    },
  };
}
