import type { Harness } from '../harness';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: Method;
  url: string;
  key: string;
  params: string[];
}

/** Every route under /api the app registered (its own route table), without the docs' static files. */
export function apiRoutes(h: Harness): ApiRoute[] {
  return h.app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .map((r) => ({
      method: r.method as Method,
      url: r.url,
      key: `${r.method} ${r.url}`,
      params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
    }));
}

/**
 * Routes that answer with a stream that stays open by design (the live updates, decision 011): a
 * request through inject would wait for its end. Their access rules have their own suite
 * (modules/live/live.test.ts); every other check here still covers them (401 without a token).
 */
export const STREAM_ROUTES = new Set(['GET /api/portal/events']);

export const fillPath = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(v);
  });

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  items?: JsonSchema;
};
interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The app's OpenAPI document, and per route its operation. */
export async function openApi(h: Harness) {
  const doc = (await h.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const op = (r: { method: string; url: string }): Operation | undefined => doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
  return {
    doc,
    op,
    paramSchema(r: ApiRoute, name: string): JsonSchema {
      return op(r)?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    },
    queryNames(r: ApiRoute): string[] {
      return (op(r)?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    },
    bodyProperties(r: ApiRoute): string[] {
      const s = op(r)?.requestBody?.content?.['application/json']?.schema;
      const all = [s, ...(s?.anyOf ?? []), ...(s?.oneOf ?? [])].filter(Boolean) as JsonSchema[];
      return [...new Set(all.flatMap((x) => Object.keys(x.properties ?? {})))];
    },
    bodySchema(r: ApiRoute): JsonSchema | undefined {
      return op(r)?.requestBody?.content?.['application/json']?.schema;
    },
  };
}

export type ParamType = 'uuid' | 'int' | 'text';

export function paramType(schema: JsonSchema, sample?: string): ParamType {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat();
  if (schema.format === 'uuid' || (schema.pattern ?? '').includes('[0-9a-fA-F]{8}')) return 'uuid';
  if (types.includes('integer') || types.includes('number')) return 'int';
  if (sample && /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(sample)) return 'uuid';
  if (sample && /^\d+$/.test(sample)) return 'int';
  return 'text';
}

/** Names of fields that point at an object: ids, and a kit's sample label. */
export const ID_NAME = /(^id$|ID$|Id$|^sampleLabel$)/;
