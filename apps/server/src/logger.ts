import pino, { type DestinationStream } from 'pino';
import type { Env } from './env';

/**
 * A request's address without its query string: a search term (a patient's name typed into the
 * sessions search) must not reach the log.
 */
export function pathOnly(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?[redacted]`;
}

/** Paths pino censors wherever they appear in a log line: secrets, tokens and personal fields. */
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  '*.password', '*.token', '*.refreshToken', '*.accessToken',
  '*.email', '*.firstName', '*.lastName', '*.phoneNumber', '*.description', '*.answers', '*.genotype', '*.data',
];

/** pino with request ids; secrets, tokens, personal data and query strings never reach the log. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream) {
  return pino(
    {
      level: env.LOG_LEVEL,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: pathOnly(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
