import { createHash } from 'node:crypto';
import type { Bundle } from '@medplum/fhirtypes';
import type { ResultComponent } from '@portal/contract';
import type { AppContext } from '../../context';
import * as pgx from '../pharmacogenomics/service';
import { accessibleSession } from '../sessions/access';
import { componentsOf, resultsWithData } from '../sessions/service';
import { buildBundle } from './build';
import { validateFhir } from './validate';

let hgncCache: Record<string, string> | null = null;
/** HGNC ids by gene symbol, from CPIC's gene table as shipped (data/pgx/cpic/cpic_genes_initial.tsv). */
export function hgncIds(): Record<string, string> {
  if (hgncCache) return hgncCache;
  const [header, ...lines] = pgx.readPgxFile('cpic/cpic_genes_initial.tsv').split(/\r?\n/);
  const cols = header!.split('\t');
  const symbol = cols.indexOf('symbol');
  const hgnc = cols.indexOf('hgncid');
  const ids: Record<string, string> = {};
  for (const line of lines) {
    const cells = line.split('\t');
    const id = cells[hgnc]?.trim();
    if (cells[symbol] && id && /^HGNC:\d+$/.test(id)) ids[cells[symbol]!.trim()] = id;
  }
  hgncCache = ids;
  return ids;
}

let shippedRxnorm: Record<string, string> | null = null;
/**
 * RxNorm ids by lower-cased drug name, as CPIC codes its drugs (`drugid` 'RxNorm:2670'): the
 * shipped whole table (data/pgx/pharmcat/cpic-2023-08/cpic_drugs.json) and CPIC's drug table, under
 * the report's own knowledge base's drugs. A drug CPIC codes otherwise (gentamicin: ATC) or not at
 * all ('RxNorm:NA') has none, and is exported by name only.
 */
function rxnormIds(kbDrugs: Array<{ name: string; drugId?: string | null; rxnormId?: string | null }>): Record<string, string> {
  const of = (drugId: string | null | undefined) => /^RxNorm:(\d+)$/.exec(drugId ?? '')?.[1];
  if (!shippedRxnorm) {
    shippedRxnorm = {};
    for (const d of JSON.parse(pgx.readPgxFile('pharmcat/cpic-2023-08/cpic_drugs.json')) as Array<{ drugid?: string; drugname?: string }>) {
      const id = of(d.drugid);
      if (d.drugname && id) shippedRxnorm[d.drugname.toLowerCase()] = id;
    }
  }
  const ids = { ...shippedRxnorm };
  for (const d of kbDrugs) {
    const id = of(d.drugId) ?? (/^\d+$/.test(d.rxnormId ?? '') ? d.rxnormId! : undefined);
    if (id) ids[d.name.toLowerCase()] = id;
  }
  return ids;
}

/**
 * Contents already validated, by hash (decision 027): the same session's data exported again is
 * not validated again, so a loop of exports costs the building only. The bundle's own id and
 * timestamp are left out of the hash (they change with every export; their shape does not).
 */
const validated = new Map<string, true>();
const VALIDATED_KEPT = 500;
/** How many bundles were validated, and the milliseconds it took all told (the tests read it). */
export const validationRuns = { count: 0, ms: 0 };

async function validateOnce(ctx: AppContext, bundle: Bundle) {
  const key = createHash('sha256')
    .update(JSON.stringify([bundle.identifier, bundle.meta ?? null, bundle.entry]))
    .digest('hex');
  if (validated.has(key)) return;
  const t0 = performance.now();
  const errors = (await validateFhir(bundle)).filter((p) => p.severity === 'error' || p.severity === 'fatal');
  validationRuns.count += 1;
  validationRuns.ms += performance.now() - t0;
  if (errors.length) {
    // Paths and messages only: no values, so no patient data reaches the log.
    ctx.log.error({ problems: errors.map((e) => `${e.expression}: ${e.text.replace(/"[^"]*"/g, '"…"')}`) }, 'fhir: the export did not validate');
    throw new Error('fhir: the export did not validate');
  }
  if (validated.size >= VALIDATED_KEPT) validated.delete(validated.keys().next().value!);
  validated.set(key, true);
}

/**
 * The session's results as a FHIR R4 Bundle, while the caller may read them (their session,
 * accepted, data request confirmed; otherwise 404 like any other read). A bundle that does not
 * validate against the R4 base definitions is never sent: that is a fault of ours, a 500.
 */
export async function sessionBundle(ctx: AppContext, userId: string, sessionId: string): Promise<{ bundle: Bundle; sampleLabel: string | null }> {
  const { row } = await accessibleSession(ctx, userId, sessionId);
  const db = ctx.database.db;
  const kit = row.kitId ? await pgx.findKit(db, row.kitId) : undefined;
  const results = kit ? await resultsWithData(db, kit.id) : [];
  const reports = kit ? await pgx.reportsForKit(db, kit.id) : [];
  const current = reports.find((r) => r.status === 'current');
  const [callSet, kb, reading] =
    kit && current
      ? await Promise.all([pgx.callSetForKit(db, kit.id), pgx.findKnowledgeBase(db, current.kbVersion), pgx.readingOfKit(db, kit.id, row.user, sessionId)])
      : [undefined, undefined, null];
  const drugs = (kb?.content as { drugs?: Array<{ name: string; drugId: string | null; rxnormId: string | null }> } | undefined)?.drugs ?? [];
  const bundle = buildBundle({
    portalUrl: ctx.env.portalUrl,
    sessionId,
    patient: { id: row.user.id, firstName: row.user.firstName, lastName: row.user.lastName, synthetic: row.user.synthetic },
    kit: kit ? { id: kit.id, sampleLabel: kit.sampleLabel } : null,
    nutrigenomic: results.map((r) => ({
      id: r.id,
      title: r.title,
      computedAt: r.computedAt,
      engineVersion: r.engineVersion,
      components: componentsOf(r.data) as unknown as ResultComponent[],
    })),
    pharmacogenomic:
      current && callSet
        ? {
            builtAt: current.builtAt,
            knowledgeBase: kb?.label ?? current.kbVersion,
            pharmcatVersion: callSet.pharmcatVersion,
            calls: callSet.calls as pgx.GeneCall[],
            reading,
            rxnorm: rxnormIds(drugs),
          }
        : null,
    hgnc: hgncIds(),
    generatedAt: new Date(),
  });
  await validateOnce(ctx, bundle);
  return { bundle, sampleLabel: kit?.sampleLabel ?? null };
}
