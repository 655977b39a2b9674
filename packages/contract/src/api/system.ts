import { defineEndpoint } from '../endpoint';

/** Liveness, readiness and the dev mailbox: not API operations, so out of the OpenAPI document. */
export const systemApi = {
  health: defineEndpoint({ method: 'GET', path: '/healthz', hide: true }),
  ready: defineEndpoint({ method: 'GET', path: '/readyz', hide: true }),
  mailbox: defineEndpoint({ method: 'GET', path: '/dev/mailbox', hide: true, reply: 'file' }),
};
