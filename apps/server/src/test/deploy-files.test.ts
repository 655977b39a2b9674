/**
 * The deployment files (Containerfile, .dockerignore, compose.yaml, .env.production.example;
 * docs/deploy.md) against the code they deploy: no container runtime runs here, so what can be checked
 * without one is checked. Every path the image's runtime stage copies from the build stage exists after
 * `npm run build` (which `npm test` runs first); no setting is named that env.ts does not know; every
 * setting env.ts requires in production is set or left for the operator to fill, and filled the server
 * accepts the file; the health checks' own commands succeed against a served app and fail without one;
 * compose.yaml is valid by the Compose Specification's schema.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2019 } from 'ajv/dist/2019';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ENV_NAMES, REPO_ROOT, loadEnv } from '../env';
import { createTestApp, type Harness } from './harness';

const run = promisify(execFile);
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

// ---- Containerfile: stages and their instructions (continuation lines joined)
interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  name: string;
  image: string;
  steps: Instruction[];
}
function parseContainerfile(text: string) {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines.map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op || rest === undefined) throw new Error(`Containerfile: cannot read '${line}'`);
    const upper = op.toUpperCase();
    if (upper === 'ARG' && stages.length === 0) {
      const [name, value = ''] = rest.split('=');
      args.set(name!, value);
    } else if (upper === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      const resolved = image!.replace(/^\$\{(\w+)\}$/, (_m, n: string) => args.get(n) ?? '');
      stages.push({ name: name ?? String(stages.length), image: resolved, steps: [] });
    } else {
      stages.at(-1)?.steps.push({ op: upper, args: rest });
    }
  }
  return { args, stages };
}
/** COPY's sources and destination (flags such as --from dropped; the JSON form is not used here). */
function copyParts(args: string) {
  const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
  return { sources: words.slice(0, -1), dest: words.at(-1)! };
}

// ---- .dockerignore, with Docker's rules: patterns anchored at the context's root, `**` any depth,
// the last matching pattern wins (`!` re-includes), a folder's exclusion covers what is inside it.
function dockerignore(text: string) {
  const patterns = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negated = l.startsWith('!');
      const body = (negated ? l.slice(1) : l).replace(/^\/+/, '').replace(/\/+$/, '');
      const source = body
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => {
          if (part === '**/') return '(?:.*/)?';
          if (part === '**') return '.*';
          if (part === '*') return '[^/]*';
          if (part === '?') return '[^/]';
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { negated, re: new RegExp(`^${source}$`) };
    });
  return (file: string) => {
    const parts = file.split('/');
    const prefixes = parts.map((_p, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const { negated, re } of patterns) if (prefixes.some((p) => re.test(p))) excluded = !negated;
    return excluded;
  };
}

// ---- env files: `NAME=value` sets a setting, `#NAME=value` lists its default without setting it
function parseEnvFile(text: string) {
  const set = new Map<string, string>();
  const listed = new Set<string>();
  const comments = new Map<string, string>();
  let block: string[] = [];
  for (const line of text.split('\n')) {
    const setting = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    const shown = /^#([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (setting) {
      set.set(setting[1]!, setting[2]!);
      listed.add(setting[1]!);
      comments.set(setting[1]!, block.join('\n'));
      block = [];
    } else if (shown) {
      listed.add(shown[1]!);
      block = [];
    } else if (line.startsWith('#')) block.push(line);
    else block = [];
  }
  return { set, listed, comments };
}

/**
 * The settings env.ts refuses to start without in production, found by asking it: from APP_ENV alone,
 * each refusal's names are filled with a value that passes and loadEnv is asked again.
 */
const PRODUCTION_SAMPLES: Record<string, string> = {
  DATABASE_URL: 'postgres://portal:0123456789abcdef@postgres:5432/portal',
  AUDIT_KEY: randomBytes(48).toString('base64'),
  SMTP_URL: 'smtp://mailpit:1025',
  MAIL_FROM: 'Practitioner Portal <no-reply@portal.example.org>',
  PORTAL_URL: 'https://portal.example.org',
  ADMIN_TOKEN: randomBytes(32).toString('hex'),
};
function requiredInProduction(): string[] {
  const source: Record<string, string> = { APP_ENV: 'production' };
  const found: string[] = [];
  for (let round = 0; round < 20; round++) {
    try {
      loadEnv(source);
      return found;
    } catch (err) {
      const names = [...(err as Error).message.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
      if (!names.length) throw err;
      for (const name of names) {
        if (!(name in PRODUCTION_SAMPLES))
          throw new Error(`env.ts requires ${name} in production: give this test a sample value and the deployment files a line for it`);
        source[name] = PRODUCTION_SAMPLES[name]!;
        found.push(name);
      }
    }
  }
  throw new Error('loadEnv kept refusing');
}

const containerfile = parseContainerfile(read('Containerfile'));
const build = containerfile.stages.find((s) => s.name === 'build')!;
const runtime = containerfile.stages.at(-1)!;
const compose = parseYaml(read('compose.yaml')) as {
  services: Record<string, Record<string, unknown> & { healthcheck?: { test: string | string[] }; environment?: Record<string, string> | string[] }>;
};
const portal = compose.services.portal!;
const example = parseEnvFile(read('.env.production.example'));
const WORKDIR = '/app/';

describe('Containerfile', () => {
  it('builds in one stage and runs from another, on the pinned Node image, as a non-root user', () => {
    expect(containerfile.stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    for (const stage of containerfile.stages) expect(stage.image).toBe('node:24.21.0-bookworm-slim');
    const users = runtime.steps.filter((s) => s.op === 'USER').map((s) => s.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // Nothing runs as root after the switch: the last USER comes after the last RUN.
    expect(runtime.steps.findLastIndex((s) => s.op === 'USER')).toBeGreaterThan(runtime.steps.findLastIndex((s) => s.op === 'RUN'));
    const env = runtime.steps
      .filter((s) => s.op === 'ENV')
      .map((s) => s.args)
      .join(' ');
    expect(env).toMatch(/\bAPP_ENV=production\b/);
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(runtime.steps.find((s) => s.op === 'EXPOSE')?.args).toBe(port);
    // Each name the image sets is a setting the server reads.
    for (const [, name] of env.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)) expect(ENV_NAMES).toContain(name);
  });

  it('the runtime stage installs production dependencies only, and copies from the build stage paths that exist after `npm run build`', () => {
    const install = runtime.steps.filter((s) => s.op === 'RUN' && /\bnpm (ci|install)\b/.test(s.args));
    expect(install).toHaveLength(1);
    expect(install[0]!.args).toMatch(/--omit=dev\b/);
    const copies = runtime.steps.filter((s) => s.op === 'COPY');
    expect(copies.length).toBeGreaterThan(0);
    const missing: string[] = [];
    const sources: string[] = [];
    for (const copy of copies) {
      // Everything the runtime stage has comes from the build stage, none straight from the context.
      expect(copy.args).toMatch(/--from=build\b/);
      for (const source of copyParts(copy.args).sources) {
        expect(source.startsWith(WORKDIR)).toBe(true);
        const relative = source.slice(WORKDIR.length);
        sources.push(relative);
        if (!fs.existsSync(path.join(REPO_ROOT, relative))) missing.push(relative);
      }
    }
    expect(missing, 'run `npm run build` first; these are copied but do not exist').toEqual([]);
    // What the built server reads at run time is among them (env.ts REPO_ROOT, db/client.ts, the data loaders, plugins/web.ts).
    for (const needed of ['package.json', 'apps/server/dist', 'apps/server/drizzle', 'apps/server/data/genetics', 'apps/server/data/pgx', 'apps/web/dist']) {
      expect(sources).toContain(needed);
    }
    const cmd = runtime.steps.find((s) => s.op === 'CMD')!.args;
    const entry = (JSON.parse(cmd) as string[]).find((a) => a.endsWith('.js'))!;
    expect(fs.existsSync(path.join(REPO_ROOT, entry))).toBe(true);
    expect(entry).toBe('apps/server/dist/server.js');
  });

  it('the build stage copies manifests that exist, and .dockerignore keeps dependencies, local data, history and secrets out but not what the build reads', () => {
    for (const copy of build.steps.filter((s) => s.op === 'COPY')) {
      for (const source of copyParts(copy.args).sources) if (source !== '.') expect(fs.existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
    }
    const ignored = dockerignore(read('.dockerignore'));
    for (const kept of [
      'package.json',
      'package-lock.json',
      'apps/server/build.mjs',
      'apps/server/src/server.ts',
      'apps/server/drizzle/0000_init.sql',
      'apps/server/data/pgx/pharmcat/phenotypes.tsv',
      'apps/server/data/pgx/cpic/LICENSE.md',
      'apps/server/data/genetics/panel.tsv',
      'apps/web/index.html',
      'apps/web/src/main.tsx',
      'packages/contract/src/index.ts',
      'tsconfig.base.json',
    ]) {
      expect(ignored(kept), `${kept} must reach the build`).toBe(false);
    }
    for (const left of [
      '.git/HEAD',
      'node_modules/fastify/package.json',
      'apps/server/node_modules/ajv/package.json',
      'apps/server/dist/server.js',
      'apps/web/dist/index.html',
      'data/pglite/PG_VERSION',
      'data/admin-token',
      '.env',
      '.env.production',
      'secrets/postgres_password',
      'e2e/artifacts/trace.zip',
    ]) {
      expect(ignored(left), `${left} must stay out of the image`).toBe(true);
    }
  });
});

describe('settings', () => {
  it('every setting the deployment files name is one env.ts reads, and the example lists every one', () => {
    const unknown = (names: Iterable<string>) => [...names].filter((n) => !ENV_NAMES.includes(n));
    expect(unknown(example.listed)).toEqual([]);
    expect(ENV_NAMES.filter((n) => !example.listed.has(n))).toEqual([]);
    expect(unknown(parseEnvFile(read('.env.example')).set.keys())).toEqual([]);
    const portalEnv = portal.environment ?? {};
    const composeNames = Array.isArray(portalEnv) ? portalEnv.map((e) => e.split('=')[0]!) : Object.keys(portalEnv);
    expect(unknown(composeNames)).toEqual([]);
    expect(portal.env_file).toBe('.env.production');
    // The operator's file is never committed nor built in.
    expect(read('.gitignore').split('\n')).toContain('.env.production');
    expect(dockerignore(read('.dockerignore'))('.env.production')).toBe(true);
  });

  it('what env.ts requires in production is set or left REQUIRED for the operator; as given the server refuses to start, filled it starts', () => {
    const required = requiredInProduction();
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) {
      const value = example.set.get(name);
      expect(value, `${name} is required in production: the example must have a line for it`).toBeDefined();
      if (value === '') expect(example.comments.get(name), `${name} is left empty: its comment must say REQUIRED`).toMatch(/REQUIRED/);
    }
    const given = Object.fromEntries(example.set);
    const requiredBlank = [...example.set.keys()].filter((n) => example.set.get(n) === '' && /REQUIRED/.test(example.comments.get(n) ?? ''));
    for (const n of requiredBlank) expect(PRODUCTION_SAMPLES, `a sample for ${n}`).toHaveProperty(n);
    const filled = { ...given, ...Object.fromEntries(requiredBlank.map((n) => [n, PRODUCTION_SAMPLES[n]!])) };
    // Each one the server needs, left as given, stops it with a message naming it.
    for (const n of requiredBlank.filter((name) => required.includes(name))) {
      expect(() => loadEnv({ ...filled, [n]: '' }), n).toThrow(new RegExp(`^ {2}${n}: `, 'm'));
    }
    expect(() => loadEnv(given)).toThrow(/Invalid configuration/);
    const env = loadEnv(filled);
    expect(env.production).toBe(true);
    expect(env.demoData).toBe(false);
    // The example's addresses name compose.yaml's services.
    for (const name of ['REDIS_URL', 'SMTP_URL']) expect(Object.keys(compose.services)).toContain(new URL(example.set.get(name)!).hostname);
    const pg = compose.services.postgres!.environment as Record<string, string>;
    const shape = /postgres:\/\/(\w+):PASSWORD@(\w+):5432\/(\w+)/.exec(example.comments.get('DATABASE_URL') ?? '');
    expect(shape?.slice(1)).toEqual([pg.POSTGRES_USER, 'postgres', pg.POSTGRES_DB]);
  });
  it("docs/deploy.md's settings table names every setting, and says yes for exactly those required in production", () => {
    const doc = read('docs/deploy.md');
    const section = doc.slice(doc.indexOf('\n## Settings\n'), doc.indexOf('\n## ', doc.indexOf('\n## Settings\n') + 1));
    const rows = section
      .split('\n')
      .filter((l) => /^\| `[A-Z]/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    const named = new Map<string, string>();
    for (const [, first, required] of rows) for (const [, name] of first!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) named.set(name!, required!);
    expect(ENV_NAMES.filter((n) => !named.has(n))).toEqual([]);
    const yes = [...named].filter(([, required]) => required.includes('**yes**')).map(([n]) => n);
    expect(yes.sort()).toEqual(requiredInProduction().sort());
  });
});

describe('compose.yaml', () => {
  it('is valid by the Compose Specification schema', () => {
    // Read as the Compose tools read it: its `id` labels (draft-04 spelling, which Ajv refuses) are
    // dropped, and its meta-schema is named by an http address Ajv knows under https.
    const schema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'compose-spec/compose-spec.json'), 'utf8'), (key, value: unknown) =>
      (key === 'id' || key === '$schema') && typeof value === 'string' ? undefined : value,
    ) as object;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // The schema's own formats: durations as Compose writes them; the rest are accepted as written.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(us|ms|s|m|h))+$/);
    for (const name of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(name, true);
    const validate = ajv.compile(schema);
    const ok = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
    // And the schema does refuse: a key no service may have.
    expect(validate({ services: { portal: { image: 'x', restart_policy: 'always' } } })).toBe(false);
  });

  it('starts the portal after PostgreSQL, Redis and the mail catcher are healthy, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['mailpit', 'portal', 'postgres', 'redis']);
    const dependsOn = portal.depends_on as Record<string, { condition: string }>;
    expect(Object.keys(dependsOn).sort()).toEqual(['mailpit', 'postgres', 'redis']);
    for (const [name, dep] of Object.entries(dependsOn)) {
      expect(dep.condition).toBe('service_healthy');
      expect(compose.services[name]!.healthcheck?.test, `${name} needs a health check`).toBeDefined();
    }
    expect(compose.services.postgres!.healthcheck!.test).toContain('pg_isready');
    expect(portal.build).toMatchObject({ dockerfile: 'Containerfile' });
  });
});

describe('health checks', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await createTestApp();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(() => h.close());

  const commands = () => {
    const image = runtime.steps.find((s) => s.op === 'HEALTHCHECK')!.args;
    const imageCmd = JSON.parse(image.slice(image.indexOf('CMD ') + 4)) as string[];
    const composeCmd = portal.healthcheck!.test as string[];
    return { image: imageCmd, compose: composeCmd.slice(1) };
  };

  it('name the readiness route the server serves, /readyz, which answers 200 when the database answers', async () => {
    for (const [where, cmd] of Object.entries(commands())) {
      const paths = [...cmd.join(' ').matchAll(/'(\/[a-z][\w-]*)'/g)].map((m) => m[1]);
      expect(paths, where).toEqual(['/readyz']);
      const res = await h.app.inject({ url: paths[0]! });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ready' });
    }
  });

  it('their commands, run as written, succeed against a listening server and fail against none', async () => {
    for (const [where, cmd] of Object.entries(commands())) {
      expect(cmd[0], where).toBe('node');
      const ok = await run(process.execPath, cmd.slice(1), { env: { ...process.env, PORT: String(port) } }).then(
        () => 0,
        (e: { code?: number }) => e.code ?? -1,
      );
      expect(ok, `${where}: exit code against the server`).toBe(0);
      // A port nothing listens on: take one, then free it.
      const spare = await closedPort();
      const down = await run(process.execPath, cmd.slice(1), { env: { ...process.env, PORT: String(spare) } }).then(
        () => 0,
        (e: { code?: number }) => e.code ?? -1,
      );
      expect(down, `${where}: exit code with no server`).toBe(1);
    }
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
