import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portal/contract';
import type { AppContext } from './context';
import type { Database } from './db/client';
import type { Env } from './env';
import { createAnalytics } from './modules/analytics/service';
import { accountRoutes } from './modules/account/routes';
import { askAiRoutes } from './modules/ask-ai/routes';
import { createAudit } from './modules/audit/service';
import { adminRoutes } from './modules/admin/routes';
import { courseRoutes } from './modules/course/routes';
import { discountCodeRoutes } from './modules/discount-codes/routes';
import { ensureReferenceData } from './modules/demo/reference-data';
import { createVerifier, loadSigningKeys } from './modules/auth/keys';
import { createTokenService, sessionLimitsOf } from './modules/auth/service';
import { journalRoutes, sessionJournalRoutes } from './modules/journals/routes';
import { kitAdminRoutes } from './modules/kits/admin-routes';
import { kitRoutes } from './modules/kits/routes';
import { legalRoutes } from './modules/legal/routes';
import { createLiveHub } from './modules/live/hub';
import { liveRoutes } from './modules/live/routes';
import { createMailer } from './modules/mail/mailer';
import { patientRoutes } from './modules/patient/routes';
import { pgxAdminRoutes } from './modules/pharmacogenomics/admin-routes';
import { pgxPortalRoutes, pgxSessionRoutes } from './modules/pharmacogenomics/routes';
import { acceptanceGuard } from './modules/practitioner/acceptance-guard';
import { practiceRoutes, practitionerRoutes, profileImageRoutes } from './modules/practitioner/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { ssoRoutes } from './modules/sso/routes';
import { systemRoutes } from './modules/system/routes';
import { transactionAdminRoutes } from './modules/transactions/admin-routes';
import { transactionRoutes } from './modules/transactions/routes';
import { warehouseRoutes } from './modules/warehouse/routes';
import { authPlugin } from './plugins/auth';
import { documentOperation } from './lib/openapi';
import { errorBody, errorsPlugin } from './plugins/errors';
import { rateLimitRedis, sharedRateLimitStore } from './plugins/rate-limit-store';
import { textInputGuard } from './plugins/text-input';
import { canonicalOrRefused, NON_CANONICAL_PATH } from './plugins/canonical-path';
import { isSpaPath, registerWeb } from './plugins/web';
import { calendarFeedPublicRoutes, calendarFeedRoutes } from './modules/calendar/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { fhirRoutes } from './modules/fhir/routes';

export interface BuildOptions {
  env: Env;
  database: Database;
  logger: FastifyBaseLogger;
  /** Tests skip serving the built portal. */
  serveWeb?: boolean;
}

/** A request slower than this is logged even when it succeeded. */
export const SLOW_REQUEST_MS = 1_000;

const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/**
 * Access logging. At debug and trace every request logs its "incoming request" and "request
 * completed" lines, as Fastify does by default. At info and above (production) a fast successful
 * request logs nothing: those two lines cost about a sixth of the server's CPU per request. What
 * still logs, with its request id: every answer of 400 and above, every request that errored, and
 * every request slower than SLOW_REQUEST_MS. Fastify's other lines (stream and serializer errors,
 * the error handler's own lines) are unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (VERBOSE_LEVELS.has(request.log.level)) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || VERBOSE_LEVELS.has(request.log.level)) return super.requestCompleted(error, request, reply);
    const responseTime = reply.elapsedTime;
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, responseTime }, 'request completed');
    else if (reply.statusCode >= 400) reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
    else if (responseTime >= SLOW_REQUEST_MS) reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
  }
}

export async function buildApp({ env, database, logger, serveWeb = env.serveWeb }: BuildOptions) {
  const app = Fastify({
    loggerInstance: logger,
    logController: new AccessLog(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: env.trustProxy,
    bodyLimit: 1_048_576,
    // One spelling of a path: any other (percent-encoded letters, dot segments, double slashes,
    // another case of /api) answers the catalogue's 404 before routing, logged as that.
    rewriteUrl: canonicalOrRefused,
    // An overlong or undecodable path id names nothing: the same 404 body as another's object.
    frameworkErrors: (err, _req, res) => {
      const reply = res as unknown as FastifyReply;
      return err.code === 'FST_ERR_MAX_PARAM_LENGTH' || err.code === 'FST_ERR_BAD_URL'
        ? reply.status(404).send(errorBody(ErrorCode.NOT_FOUND, 'The requested resource was not found'))
        : reply.status(400).send(errorBody(ErrorCode.BAD_REQUEST, 'Bad request'));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers may carry patient data: never stored by a browser or a shared cache. Decided on
    // the route that matched; an answer no route gave (a 404) is not stored either.
    const pattern = request.routeOptions.url;
    if ((pattern === undefined || pattern.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const keys = await loadSigningKeys(database.db);
  const verify = createVerifier({ issuer: env.jwtIssuer, audience: env.JWT_AUDIENCE, jwks: keys.jwks });
  const ctx: AppContext = {
    env,
    database,
    keys,
    verify,
    tokens: createTokenService(database.db, keys, { issuer: env.jwtIssuer, audience: env.JWT_AUDIENCE }, sessionLimitsOf(env)),
    mailer: createMailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: logger }),
    analytics: createAnalytics(database.db, { key: env.ANALYTICS_KEY, url: env.ANALYTICS_URL, log: logger }),
    audit: createAudit(database.db, { key: env.AUDIT_KEY }),
    live: await createLiveHub(database, logger),
    lifecycle: { draining: false },
    log: logger,
  };
  // Open streams would hold the server's close: they end first (the portal reconnects elsewhere).
  app.addHook('preClose', async () => ctx.live.close());
  app.addHook('onClose', async () => ctx.mailer.close());
  app.decorate('ctx', ctx);
  // Stopping: each answer closes its connection, so a proxy opens its next one to another instance
  // instead of sending it down a kept-alive connection this process is about to close.
  app.addHook('onSend', async (_request, reply) => {
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
  });
  // Every route the app registers, so the access suite can walk them all.
  const routeTable: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  await ensureReferenceData(ctx);

  const cspOrigins = [...new Set([env.apiBase, env.ssoUrl].map((u) => new URL(u).origin))];
  // helmet's headers, its middleware built once: @fastify/helmet builds it anew (the policy parsed
  // again) on every request, which was 2% of a session read's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...cspOrigins],
        workerSrc: ["'self'", 'blob:'],
        // Profile pictures come from the API, which may sit on another origin.
        imgSrc: ["'self'", 'data:', 'blob:', ...cspOrigins],
        formAction: ["'self'", ...cspOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // No <base> element is used: none may redirect the portal's relative addresses.
        baseUri: ["'none'"],
        upgradeInsecureRequests: env.production ? [] : null,
      },
    },
    // One year, subdomains included (helmet's default), whenever running as production.
    strictTransportSecurity: env.production || env.NODE_ENV === 'production',
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16_384 });
  // Counters in Redis when REDIS_URL is set, so several processes count the same attempts; while
  // Redis is unreachable each process counts on its own rather than letting everything through.
  const rateLimitRedisClient = env.REDIS_URL ? rateLimitRedis(env.REDIS_URL, logger) : null;
  if (rateLimitRedisClient) app.addHook('onClose', async () => void rateLimitRedisClient.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    // After body parsing, so a limit can key on the email being tried.
    hook: 'preHandler',
    store: rateLimitRedisClient ? sharedRateLimitStore(rateLimitRedisClient, 'portal-rl:') : undefined,
    skipOnError: true,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      ...errorBody(ErrorCode.TOO_MANY_REQUESTS, `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`),
    }),
  });
  await app.register(errorsPlugin);
  await app.register(textInputGuard);
  await app.register(authPlugin, { database, verify, limits: sessionLimitsOf(env) });
  await app.register(acceptanceGuard, { db: database.db });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Practitioner portal API',
        version: '1.0.0',
        description: 'REST API of the practitioner portal. Errors answer `{error:{message,params,fieldErrors,code,cause}}`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A signed-in user's access token (POST /sso/api/token)" },
          adminToken: { type: 'http', scheme: 'bearer', description: "The provider staff's ADMIN_TOKEN (/api/admin, npm run admin)" },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: documentOperation,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(systemRoutes);
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(practitionerRoutes, { prefix: '/api/portal' });
  await app.register(liveRoutes, { prefix: '/api/portal' });
  await app.register(practiceRoutes, { prefix: '/api/portal' });
  await app.register(profileImageRoutes, { prefix: '/api/account' });
  await app.register(courseRoutes, { prefix: '/api/portal/course' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(pgxAdminRoutes, { prefix: '/api/admin/pgx' });
  // The provider's side of kits, then of fees: in this order the routes keep their place in the API document.
  await app.register(kitAdminRoutes, { prefix: '/api/admin' });
  await app.register(transactionAdminRoutes, { prefix: '/api/admin' });
  await app.register(sessionRoutes, { prefix: '/api/portal/sessions' });
  await app.register(pgxSessionRoutes, { prefix: '/api/portal/sessions' });
  await app.register(pgxPortalRoutes, { prefix: '/api/portal/pgx' });
  await app.register(sessionJournalRoutes, { prefix: '/api/portal/sessions' });
  await app.register(askAiRoutes, { prefix: '/api/portal/sessions' });
  await app.register(journalRoutes, { prefix: '/api/portal/journals' });
  await app.register(kitRoutes, { prefix: '/api/portal' });
  await app.register(warehouseRoutes, { prefix: '/api/portal' });
  await app.register(discountCodeRoutes, { prefix: '/api/portal' });
  await app.register(transactionRoutes, { prefix: '/api/portal' });
  await app.register(patientRoutes, { prefix: '/api/patient' });
  await app.register(legalRoutes, { prefix: '/api/legal' });
  await app.register(calendarFeedRoutes, { prefix: '/api/portal/me/calendar-feed' });
  await app.register(calendarFeedPublicRoutes, { prefix: '/api/calendar' });
  await app.register(notificationRoutes, { prefix: '/api/portal/me/notifications' });
  await app.register(fhirRoutes, { prefix: '/api/portal/sessions' });
  if (env.serveSso) await app.register(ssoRoutes, { prefix: '/sso' });

  const spa = serveWeb ? await registerWeb(app, env) : null;
  app.setNotFoundHandler((request, reply) => {
    if (spa && request.url !== NON_CANONICAL_PATH && isSpaPath(request.method, request.url)) return spa(request, reply);
    return reply.status(404).send(errorBody(ErrorCode.NOT_FOUND, 'The requested resource was not found'));
  });

  return app;
}
