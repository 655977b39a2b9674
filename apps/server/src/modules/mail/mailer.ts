import nodemailer from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** The dev mailbox: what the outbox holds, newest first. */
  recent(limit?: number): Promise<Array<typeof mailOutbox.$inferSelect>>;
}

/**
 * Every mail is recorded; with SMTP_URL it is also delivered by SMTP, otherwise it waits in the
 * outbox that the dev mailbox page shows.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, transport: smtp ? 'smtp' : 'outbox' })
        .returning({ id: mailOutbox.id });
      if (!smtp) return;
      try {
        await smtp.sendMail({ from: opts.from, ...mail });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      } catch (err) {
        opts.log.error({ err, mailId: row!.id }, 'mail delivery failed');
        await db.update(mailOutbox).set({ error: String((err as Error).message).slice(0, 500) }).where(eq(mailOutbox.id, row!.id));
      }
    },
    recent: (limit = 50) => db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit),
  };
}
