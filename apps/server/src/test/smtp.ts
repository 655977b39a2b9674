import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the test SMTP server accepted: one per recipient, the raw message with soft line breaks undone. */
export interface ReceivedMail {
  to: string;
  subject: string;
  raw: string;
  /** The message exactly as it arrived, for a MIME parser (mailparser). */
  source: string;
}

/**
 * A real SMTP server on loopback (smtp-server, the nodemailer project's) for tests: what it accepted,
 * and `state.refuse` to answer 451 to every recipient until turned off.
 */
export async function startTestSmtp() {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const source = raw;
        raw = raw.replace(/=\r?\n/g, ''); // quoted-printable's soft line breaks
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) received.push({ to: r.address, subject, raw, source });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
