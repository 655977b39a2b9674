import pino from 'pino';
import type { Env } from './env';

/** pino with request ids; secrets and tokens never reach the log. */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>) {
  return pino({
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.refreshToken', '*.accessToken'],
      censor: '[redacted]',
    },
  });
}
