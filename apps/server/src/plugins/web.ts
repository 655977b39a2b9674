import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env';

/** What the portal reads at run time, so one build serves every environment. */
export function portalConfig(env: Env) {
  return {
    appEnv: env.APP_ENV,
    apiBase: env.apiBase,
    ssoUrl: env.ssoUrl,
    portalUrl: env.portalUrl,
    cookieName: env.cookieName,
    cookieDomain: env.production ? (env.COOKIE_DOMAIN ?? null) : null,
    defaultLocale: env.DEFAULT_LOCALE,
    currency: env.CURRENCY,
    contactUrl: env.CONTACT_URL,
    mapsEnabled: Boolean(env.MAPS_KEY),
  };
}

interface IndexVariant {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/**
 * Serves the built portal: hashed assets pre-compressed and immutable, index.html with the run-time
 * configuration embedded as a JSON data block (not a script, so the strict CSP allows it).
 * Returns the SPA fallback for the not-found handler.
 */
export async function registerWeb(app: FastifyInstance, env: Env) {
  const indexFile = path.join(env.WEB_DIST, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist: env.WEB_DIST }, 'the portal is not built: run `npm run build`');
    return (_req: FastifyRequest, reply: FastifyReply) =>
      reply.status(503).type('text/plain').send('The portal is not built yet: run `npm run build`, then start again.');
  }
  const json = JSON.stringify(portalConfig(env)).replace(/</g, '\\u003c');
  const html = fs
    .readFileSync(indexFile, 'utf8')
    .replace('<!--portal-config-->', `<script id="portal-config" type="application/json">${json}</script>`);
  const raw = Buffer.from(html);
  const variants: IndexVariant[] = [
    { body: zlib.brotliCompressSync(raw), encoding: 'br' },
    { body: zlib.gzipSync(raw), encoding: 'gzip' },
    { body: raw },
  ];

  await app.register(fastifyStatic, {
    root: env.WEB_DIST,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (p) => p !== '/index.html',
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const variant = variants.find((v) => !v.encoding || accepts.includes(v.encoding))!;
    if (variant.encoding) reply.header('content-encoding', variant.encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .send(variant.body);
  };
  app.get('/', sendIndex);
  return sendIndex;
}

/** The SPA answers extensionless GETs outside /api and /sso; a missing asset stays a 404. */
export function isSpaPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0]!;
  if (/^\/(api|sso)(\/|$)/.test(pathname)) return false;
  return !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}
