import { createHash } from 'node:crypto';
import {
  ErrorCode,
  PGX_MESSAGES,
  PGX_NOT_STATED,
  LEVELS_OF_EVIDENCE,
  canGenerateDiseases,
  canGenerateResults,
  canShowQuickResults,
  customFilterCount,
  customFiltersOf,
  quickFilterCount,
  quickFiltersOf,
  type Highlight,
  type PgxDiseases,
  type PgxDiseasesQuery,
  type PgxReading,
  type PgxReportRow,
  type PgxReportSummary,
  type PgxRowsQuery,
} from '@portal/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { pgxCallSets } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { accessibleSession } from '../sessions/access';
import { CALL_RULES_VERSION, CallsError, parseCalls, toContractCall, type GeneCall } from './calls';
import { loadCatalogue } from './catalogue';
import {
  KnowledgeBaseError,
  knowledgeBaseFromTable,
  shippedKnowledgeBase,
  type KbRecommendation,
  type KnowledgeBase,
  type KnowledgeBaseContent,
} from './knowledge-base';
import { buildReportRows, compareRows, implicationFor, rowsDigestInput, type ReportRowDraft } from './mapping';
import {
  PHENOCONVERTED_CYP2D6_SCORE,
  convertersFlagging,
  medicineAnswerTexts,
  medicineContext,
  phenoconvertedKey,
  recommendationsIfPhenoconverted,
  shownConverter,
  type MedicineContext,
} from './medicines';
import { overviewHighlights } from './highlights';
import * as repo from './repository';
import { parseTsvRecords } from './tsv';
import { drugVerdicts, rowTier } from './verdicts';

// What other modules read of pharmacogenomics besides this file's functions: the texts and rules
// ask-ai's answers quote, the FHIR export's reads, the session detail's medicines line, the demo's
// call-set files.
export type { GeneCall } from './calls';
export { readPgxFile } from './catalogue';
export { actionLines } from './highlights';
export { shortList, splitRecommendation } from './mapping';
export { medicinesText, mentions } from './medicines';
export { brandListStamp, callSetForKit, findKit, findKnowledgeBase, reportsForKit } from './repository';

/* ------------------------------------------------------------------ knowledge base */

// Versions never change once stored, so their parsed content can be kept.
const kbCache = new Map<string, KnowledgeBase>();
let shipped: KnowledgeBase | null = null;

async function knowledgeBase(db: Db, version: string): Promise<KnowledgeBase> {
  const hit = kbCache.get(version);
  if (hit) return hit;
  const row = await repo.findKnowledgeBase(db, version);
  if (!row) throw new Error(`knowledge base ${version} is not stored`);
  const kb: KnowledgeBase = { version: row.version, label: row.label, ...(row.content as KnowledgeBaseContent) };
  kbCache.set(version, kb);
  return kb;
}

/** The version new reports are built with: the latest loaded (the shipped one is loaded first). */
export async function currentKnowledgeBase(db: Db): Promise<KnowledgeBase> {
  await ensureShippedKnowledgeBase(db);
  const row = await repo.latestKnowledgeBase(db);
  return knowledgeBase(db, row!.version);
}

/**
 * Stores the shipped knowledge base unless it is there (at every start). A shipped version new to
 * this database is a newer knowledge base like any other: existing reports are checked against it.
 */
export async function ensureShippedKnowledgeBase(db: Db) {
  shipped ??= shippedKnowledgeBase();
  // Calls read with older rules are read again first, so a newer knowledge base is tried on the calls as they read now.
  await recheckCallSets(db);
  if (await repo.findKnowledgeBase(db, shipped.version)) return;
  await activateKnowledgeBase(db, shipped, 'shipped');
}

/**
 * Reads again, from the lab's stored files, every call set imported under older parsing rules
 * (CALL_RULES_VERSION). One that still passes is stored as it reads now and its report rebuilt with
 * the knowledge base it was built with: the lab's data read right is no knowledge change for the
 * practitioner to approve, and an HLA allele misread as negative must not wait for a click. One
 * that no longer passes keeps its files, says why, and its report is withheld until the lab sends
 * corrected calls (docs/decisions/020).
 */
export async function recheckCallSets(db: Db) {
  for (const callSet of await repo.callSetsBelowRules(db, CALL_RULES_VERSION)) {
    let calls: GeneCall[] | null = null;
    let problems: string[] | null = null;
    try {
      calls = parseCalls(loadCatalogue(), callSet.callsTsv, callSet.outsideCallsTsv).calls;
    } catch (e) {
      if (!(e instanceof CallsError)) throw e;
      problems = e.problems;
    }
    // Reads first: on PGlite a query outside an open transaction would wait for it.
    const current = (await repo.reportsForKit(db, callSet.kitId)).find((r) => r.status === 'current');
    const kb = current ? await knowledgeBase(db, current.kbVersion) : null;
    const rows = calls && kb ? buildRows(kb, calls) : null;
    await db.transaction(async (tx) => {
      if (!(await repo.claimRecheck(tx, callSet.id, CALL_RULES_VERSION, { calls: calls ?? callSet.calls, problems }))) return;
      if (problems) return repo.deleteReportsOfKit(tx, callSet.kitId);
      if (!rows || !kb) return;
      await repo.deleteReportsOfKit(tx, callSet.kitId);
      await repo.insertReport(tx, { kitId: callSet.kitId, kbVersion: kb.version, callSetId: callSet.id, status: 'current', digest: digestOf(rows) }, rows);
    });
  }
}

export interface KnowledgeBaseLoad {
  version: string;
  label: string;
  recommendations: number;
  /** False when this exact table was loaded before: nothing changed. */
  loaded: boolean;
  reports: { rebuilt: number; flagged: number; unchanged: number };
}

/**
 * A newer CPIC recommendation table (TSV in the shipped layout, CPIC's JSON rows or PharmCAT's per-drug JSON) becomes the
 * current knowledge base. Each report is rebuilt with it: one that comes out the same moves to the
 * new version; one that would change waits as 'pending' and its session is flagged.
 */
export async function loadCpicTable(db: Db, text: string, label?: string, dataDate?: string): Promise<KnowledgeBaseLoad> {
  const today = new Date().toISOString().slice(0, 10);
  if (dataDate && dataDate > today) throw badRequest({ dataDate: ['The CPIC data cannot be dated after today'] }, 'The CPIC data cannot be dated after today');
  let kb: KnowledgeBase;
  try {
    kb = knowledgeBaseFromTable(text, label?.trim() || `CPIC recommendations loaded ${today}`, today, dataDate);
  } catch (e) {
    if (e instanceof KnowledgeBaseError) throw badRequest({ file: e.problems }, e.message.split('\n')[0]);
    throw e;
  }
  await ensureShippedKnowledgeBase(db);
  return activateKnowledgeBase(db, kb, 'admin');
}

async function activateKnowledgeBase(db: Db, kb: KnowledgeBase, source: 'shipped' | 'admin'): Promise<KnowledgeBaseLoad> {
  const { version, label, ...content } = kb;
  const inserted = await repo.insertKnowledgeBase(db, { version, label, source, content, recommendationCount: kb.recommendations.length });
  const result: KnowledgeBaseLoad = {
    version,
    label,
    recommendations: kb.recommendations.length,
    loaded: inserted,
    reports: { rebuilt: 0, flagged: 0, unchanged: 0 },
  };
  if (!inserted) return result;
  kbCache.set(version, kb);
  for (const callSet of await repo.allCallSets(db)) {
    const outcome = await reconsiderReport(db, callSet, kb);
    result.reports[outcome]++;
  }
  return result;
}

/* ------------------------------------------------------------------ reports */

type CallSetRow = typeof pgxCallSets.$inferSelect;

const digestOf = (rows: ReportRowDraft[]) =>
  createHash('sha256')
    .update(JSON.stringify(rowsDigestInput(rows)))
    .digest('hex');

function buildRows(kb: KnowledgeBase, calls: GeneCall[]) {
  return buildReportRows(kb, calls, loadCatalogue());
}

/** Rebuilds a kit's report with a newer knowledge base: moved when the same, pending when it would change. */
async function reconsiderReport(db: Db, callSet: CallSetRow, kb: KnowledgeBase): Promise<'rebuilt' | 'flagged' | 'unchanged'> {
  const calls = callSet.calls as GeneCall[];
  const rows = buildRows(kb, calls);
  const digest = digestOf(rows);
  // Reads first: on PGlite a query outside an open transaction would wait for it.
  const reports = await repo.reportsForKit(db, callSet.kitId);
  const current = reports.find((r) => r.status === 'current');
  const pending = reports.find((r) => r.status === 'pending');
  if (current?.kbVersion === kb.version) return 'unchanged';
  if (!current || current.digest === digest) {
    // Nothing a practitioner would see changes: the report moves to the new version.
    await db.transaction(async (tx) => {
      for (const r of reports) await repo.deleteReport(tx, callSet.kitId, r.kbVersion);
      await repo.insertReport(tx, { kitId: callSet.kitId, kbVersion: kb.version, callSetId: callSet.id, status: 'current', digest }, rows);
    });
    return current ? 'unchanged' : 'rebuilt';
  }
  const before = buildRows(await knowledgeBase(db, current.kbVersion), calls);
  await db.transaction(async (tx) => {
    if (pending) await repo.deleteReport(tx, callSet.kitId, pending.kbVersion);
    await repo.insertReport(
      tx,
      { kitId: callSet.kitId, kbVersion: kb.version, callSetId: callSet.id, status: 'pending', digest, changes: compareRows(before, rows) },
      rows,
    );
  });
  return 'flagged';
}

export interface ImportResult {
  kitId: string;
  sampleLabel: string;
  /** The session the kit serves, if any. */
  sessionId: string | null;
  pharmcatVersion: string | null;
  genesCalled: number;
  rows: number;
  knowledgeBase: string;
}

/**
 * Imports a kit's calls (replacing any earlier ones) and builds its report with the current
 * knowledge base. Calls outside PharmCAT's phenotype list are refused as a whole (400 with the lines).
 */
export async function importCalls(
  db: Db,
  kit: { id?: string; sampleLabel?: string },
  callsTsv: string,
  outsideCallsTsv?: string | null,
  opts: { synthetic?: boolean } = {},
): Promise<ImportResult> {
  const found = kit.id ? await repo.findKit(db, kit.id) : kit.sampleLabel ? await repo.findKitByLabel(db, kit.sampleLabel) : undefined;
  if (!found) throw new AppError(404, ErrorCode.NOT_FOUND, `No kit ${kit.sampleLabel ?? kit.id ?? ''}`.trim());
  let parsed;
  try {
    parsed = parseCalls(loadCatalogue(), callsTsv, outsideCallsTsv);
  } catch (e) {
    if (e instanceof CallsError) throw badRequest({ file: e.problems }, 'The calls are not valid PharmCAT calls');
    throw e;
  }
  const kb = await currentKnowledgeBase(db);
  const rows = buildRows(kb, parsed.calls);
  await db.transaction(async (tx) => {
    const callSet = await repo.upsertCallSet(tx, {
      kitId: found.id,
      pharmcatVersion: parsed.pharmcatVersion,
      calls: parsed.calls,
      callsTsv,
      outsideCallsTsv: outsideCallsTsv ?? null,
      synthetic: opts.synthetic ?? false,
      rulesVersion: CALL_RULES_VERSION,
    });
    await repo.deleteReportsOfKit(tx, found.id);
    await repo.insertReport(tx, { kitId: found.id, kbVersion: kb.version, callSetId: callSet.id, status: 'current', digest: digestOf(rows) }, rows);
  });
  return {
    kitId: found.id,
    sampleLabel: found.sampleLabel,
    sessionId: found.sessionId,
    pharmcatVersion: parsed.pharmcatVersion,
    genesCalled: parsed.calls.filter((c) => c.source !== 'NONE').length,
    rows: rows.length,
    knowledgeBase: kb.version,
  };
}

/**
 * A brand-name list: TSV with generic_name, market (US or ZA) and brand_name. Each market in the
 * file replaces that market's list; report rows show the names at once.
 */
export async function loadBrandNames(db: Db, text: string, source = 'admin') {
  const { header, records } = parseTsvRecords(text);
  const missing = ['generic_name', 'market', 'brand_name'].filter((c) => !header.includes(c));
  if (missing.length) throw badRequest({ file: [`the header lacks ${missing.join(', ')}`] }, 'The brand-name list is not valid');
  const problems: string[] = [];
  const byMarket = new Map<'US' | 'ZA', Array<{ genericName: string; brandName: string }>>();
  records.forEach((r, i) => {
    const market = r['market']!.trim().toUpperCase().replace(/^SA$/, 'ZA');
    const genericName = r['generic_name']!.trim();
    const brandName = r['brand_name']!.trim();
    if (market !== 'US' && market !== 'ZA') return problems.push(`line ${i + 2}: market '${r['market']}' is not US or ZA`);
    if (!genericName || !brandName || genericName.length > 200 || brandName.length > 200)
      return problems.push(`line ${i + 2}: a generic and a brand name are needed`);
    const list = byMarket.get(market) ?? [];
    list.push({ genericName, brandName });
    byMarket.set(market, list);
  });
  if (problems.length) throw badRequest({ file: problems }, 'The brand-name list is not valid');
  await db.transaction(async (tx) => {
    for (const [market, names] of byMarket) await repo.replaceBrandNames(tx, market, names, source);
    await repo.applyBrandNames(tx);
  });
  return { us: byMarket.get('US')?.length ?? null, za: byMarket.get('ZA')?.length ?? null };
}

/* ------------------------------------------------------------------ the practitioner's side */

async function reportOf(ctx: AppContext, userId: string, sessionId: string) {
  const { row } = await accessibleSession(ctx, userId, sessionId);
  const db = ctx.database.db;
  const kit = row.kitId ? await repo.findKit(db, row.kitId) : undefined;
  const reports = kit ? await repo.reportsForKit(db, kit.id) : [];
  return { row, kit, current: reports.find((r) => r.status === 'current'), pending: reports.find((r) => r.status === 'pending') };
}

/**
 * What the patient's current medicines add to a report read now: the report's drugs they take,
 * their enzyme inhibitors and inducers, and (strong CYP2D6 inhibitor) CPIC's recommendations for
 * activity score 0. Read at every request: the questionnaire may change after the report is built.
 */
interface MedicineOverlay {
  medicines: MedicineContext;
  ifConverted: Map<string, KbRecommendation> | null;
  sourceLabel: (r: KbRecommendation) => string | null;
}
async function medicineOverlay(db: Db, patientId: string, kitId: string, kbVersion: string): Promise<MedicineOverlay> {
  const kb = await knowledgeBase(db, kbVersion);
  const [answers, brands] = await Promise.all([repo.medicineAnswers(db, patientId), repo.brandNames(db)]);
  const medicines = medicineContext(medicineAnswerTexts(answers), kb, brands);
  const strongCyp2d6 = medicines.converters.some((c) => c.enzyme === 'CYP2D6' && c.kind === 'inhibitor' && c.strength === 'strong');
  const callSet = strongCyp2d6 ? await repo.callSetForKit(db, kitId) : undefined;
  const sources = new Map((kb.sources ?? []).map((x) => [x.id, x.label]));
  return {
    medicines,
    ifConverted: callSet ? recommendationsIfPhenoconverted(kb, callSet.calls as GeneCall[]) : null,
    sourceLabel: (r) => (r.source ? (sources.get(r.source) ?? null) : null),
  };
}

const kbRef = (kb: { version: string; label: string }, loadedAt: Date) => ({ version: kb.version, label: kb.label, loadedAt: loadedAt.toISOString() });

export async function getSummary(ctx: AppContext, userId: string, sessionId: string): Promise<PgxReportSummary> {
  const db = ctx.database.db;
  const { row, kit, current, pending } = await reportOf(ctx, userId, sessionId);
  const brandNames = await repo.brandCounts(db);
  const empty = { category: [], class: [], phenotypeCategory: [], specialtyPopulation: [], diseasePhenotype: [], levelOfEvidence: [...LEVELS_OF_EVIDENCE] };
  const noMedicines = { answered: false, taking: [], phenoconverters: [] };
  const base = { sessionId, kit: kit ? { id: kit.id, sampleLabel: kit.sampleLabel } : null, synthetic: row.user.synthetic, brandNames };
  if (!kit || !current) {
    // A call set that no longer passes the checks: its report is withheld, and the practitioner is told why.
    const problems = kit ? ((await repo.callSetForKit(db, kit.id))?.problems as string[] | null | undefined) : null;
    return { ...base, report: null, withheld: problems ?? null, update: null, facets: empty, medicines: noMedicines };
  }
  const { medicines } = await medicineOverlay(db, row.user.id, kit.id, current.kbVersion);
  const [callSet, kbRow, f] = await Promise.all([
    repo.callSetForKit(db, kit.id),
    repo.findKnowledgeBase(db, current.kbVersion),
    repo.facets(db, kit.id, current.kbVersion),
  ]);
  const catalogue = loadCatalogue();
  const withUnstated = (values: string[], unstated: boolean | null) => (unstated ? [...values, PGX_NOT_STATED] : values);
  const pendingKb = pending ? await repo.findKnowledgeBase(db, pending.kbVersion) : undefined;
  const changes = (pending?.changes ?? {}) as { added?: number; removed?: number; changed?: number };
  return {
    ...base,
    withheld: null,
    report: {
      builtAt: current.builtAt.toISOString(),
      rowCount: current.rowCount,
      knowledgeBase: kbRef(kbRow!, kbRow!.loadedAt),
      pharmcatVersion: callSet?.pharmcatVersion ?? null,
      genes: ((callSet?.calls ?? []) as GeneCall[]).map((c) => toContractCall(c, catalogue.get(c.gene))),
      notCovered: { rows: f.notCoveredRows, pairs: f.notCoveredPairs },
      sources: f.sources,
    },
    medicines: { answered: medicines.answered, taking: medicines.taking, phenoconverters: medicines.converters.map(shownConverter) },
    update: pendingKb
      ? { knowledgeBase: kbRef(pendingKb, pendingKb.loadedAt), added: changes.added ?? 0, removed: changes.removed ?? 0, changed: changes.changed ?? 0 }
      : null,
    facets: {
      category: f.category,
      class: f.class,
      phenotypeCategory: withUnstated(f.phenotypeCategory, f.phenotypeCategoryUnstated),
      specialtyPopulation: withUnstated(f.specialtyPopulation, f.specialtyPopulationUnstated),
      diseasePhenotype: withUnstated(f.diseasePhenotype, f.diseasePhenotypeUnstated),
      levelOfEvidence: [...LEVELS_OF_EVIDENCE],
    },
  };
}

/** A stored row as the API answers it, with what the patient's current medicines add to it. */
export function toContractRow(r: repo.StoredRow, overlay?: MedicineOverlay): PgxReportRow {
  const flags = overlay ? convertersFlagging(overlay.medicines, r.gene, r.genericName) : [];
  const strong = flags.some((c) => c.kind === 'inhibitor' && c.strength === 'strong');
  const converted = strong && r.gene === 'CYP2D6' ? overlay?.ifConverted?.get(phenoconvertedKey(r.genericName, r.specialtyPopulation)) : undefined;
  return {
    coverage: r.coverage as PgxReportRow['coverage'],
    tier: rowTier({ coverage: r.coverage as PgxReportRow['coverage'], recommendation: r.recommendation, classification: r.classification }),
    source: r.source,
    guidelineUpdatedOn: r.guidelineUpdatedOn,
    levelInferred: r.levelInferred,
    comments: r.comments,
    taking: overlay?.medicines.taking.includes(r.genericName.toLowerCase()) ?? false,
    phenoconversion: flags.map(shownConverter),
    ifPhenoconverted: converted
      ? {
          activityScore: PHENOCONVERTED_CYP2D6_SCORE,
          phenotype: converted.phenotypes['CYP2D6'] || null,
          recommendation: converted.recommendation,
          classification: converted.classification || null,
          implication: implicationFor(converted.implications, 'CYP2D6'),
          source: overlay!.sourceLabel(converted),
        }
      : null,
    id: String(r.id),
    category: r.category,
    class: r.therapeuticClass,
    atcCodes: r.atcCodes,
    genericName: r.genericName,
    usName: r.usName,
    saName: r.saName,
    gene: r.gene,
    phenotypeCategory: r.phenotypeCategory,
    variantHaplotype: r.variantHaplotype,
    sampleGenotype: r.sampleGenotype,
    genotypeAllele: r.genotypeAllele,
    refAllele: r.refAllele,
    altAllele: r.altAllele,
    phenotype: r.phenotype,
    metabolizerSpeed: r.metabolizerSpeed,
    activityScore: r.activityScore,
    implication: r.implication,
    recommendation: r.recommendation,
    classification: r.classification,
    cpicLevel: r.cpicLevel,
    levelOfEvidence: r.levelOfEvidence,
    specialtyPopulation: r.specialtyPopulation,
    diseasePhenotype: r.diseasePhenotype,
    guidelineName: r.guidelineName,
    guidelineUrl: r.guidelineUrl,
    pmids: r.pmids,
    note: r.note,
  };
}

/** The filters of a view, refused below SPEC §5's minimums (the portal never sends such a query). */
export function filtersOfView(q: PgxRowsQuery): repo.RowFilters {
  if (q.view === '1') {
    const quick = quickFiltersOf(q);
    if (!canShowQuickResults(quick)) throw badRequest({ view: [PGX_MESSAGES.quickMinimum] }, PGX_MESSAGES.quickMinimum);
    return { quick };
  }
  const custom = customFiltersOf(q);
  if (!canGenerateResults(custom)) throw badRequest({ view: [PGX_MESSAGES.resultsMinimum] }, PGX_MESSAGES.resultsMinimum);
  return { custom };
}

export async function listRows(ctx: AppContext, userId: string, sessionId: string, q: PgxRowsQuery) {
  const filters = filtersOfView(q);
  const { row, current } = await reportOf(ctx, userId, sessionId);
  if (!current) throw notFound();
  const overlay = await medicineOverlay(ctx.database.db, row.user.id, current.kitId, current.kbVersion);
  const { rows, total } = await repo.queryRows(
    ctx.database.db,
    current.kitId,
    current.kbVersion,
    { ...filters, takingDrugs: overlay.medicines.taking },
    { limit: q.limit, offset: q.offset },
  );
  return { results: rows.map((r) => toContractRow(r, overlay)), count: total, limit: q.limit, offset: q.offset };
}

export async function listDiseases(ctx: AppContext, userId: string, sessionId: string, q: PgxDiseasesQuery): Promise<PgxDiseases> {
  const custom = customFiltersOf(q);
  if (!canGenerateDiseases(custom)) throw badRequest({ view: [PGX_MESSAGES.diseasesMinimum] }, PGX_MESSAGES.diseasesMinimum);
  const { current } = await reportOf(ctx, userId, sessionId);
  if (!current) throw notFound();
  const groups = await repo.diseases(ctx.database.db, current.kitId, current.kbVersion, custom);
  return {
    results: groups
      .filter((g) => g.diseasePhenotype !== null)
      .map((g) => ({ diseasePhenotype: g.diseasePhenotype!, rows: g.rows, drugs: g.drugs, genes: g.genes })),
    notStated: groups.find((g) => g.diseasePhenotype === null)?.rows ?? 0,
  };
}

/** The practitioner takes the pending report built with a newer knowledge base. */
export async function applyUpdate(ctx: AppContext, userId: string, sessionId: string) {
  const { kit, current, pending } = await reportOf(ctx, userId, sessionId);
  if (!kit || !pending) throw notFound();
  await ctx.database.db.transaction(async (tx) => {
    if (current) await repo.deleteReport(tx, kit.id, current.kbVersion);
    await repo.setReportStatus(tx, kit.id, pending.kbVersion, 'current');
  });
  return getSummary(ctx, userId, sessionId);
}

/**
 * Everything the printable report needs: the patient, the reading (its first page) and the view's rows
 * (all pages). A view without any filter prints the whole report; a filter below the view's minimum
 * is refused, as on screen.
 */
export async function printable(ctx: AppContext, userId: string, sessionId: string, q: PgxRowsQuery) {
  const unfiltered = quickFilterCount(quickFiltersOf(q)) === 0 && customFilterCount(customFiltersOf(q)) === 0;
  const filters: repo.RowFilters = unfiltered ? {} : filtersOfView(q);
  const { row, kit, current } = await reportOf(ctx, userId, sessionId);
  if (!kit || !current) throw notFound();
  const reading = (await readingOfKit(ctx.database.db, kit.id, row.user, sessionId))!;
  const db = ctx.database.db;
  const overlay = await medicineOverlay(db, row.user.id, kit.id, current.kbVersion);
  const { rows } = await repo.queryRows(db, kit.id, current.kbVersion, { ...filters, takingDrugs: overlay.medicines.taking }, { limit: 2000, offset: 0 });
  const kbRow = await repo.findKnowledgeBase(db, current.kbVersion);
  const facets = await repo.facets(db, kit.id, current.kbVersion);
  const diseases = filters.custom && canGenerateDiseases(filters.custom) ? await listDiseases(ctx, userId, sessionId, q) : null;
  // The whole report reads drug by drug, the most severe first, as the verdicts are ordered.
  const order = new Map(reading.verdicts.map((v, i) => [v.drug.toLowerCase(), i]));
  const contractRows = rows.map((r) => toContractRow(r, overlay));
  if (unfiltered) contractRows.sort((a, b) => (order.get(a.genericName.toLowerCase()) ?? 0) - (order.get(b.genericName.toLowerCase()) ?? 0));
  return {
    patient: { firstName: row.user.firstName, lastName: row.user.lastName, synthetic: row.user.synthetic },
    kit: { sampleLabel: kit.sampleLabel },
    knowledgeBase: { version: current.kbVersion, label: kbRow!.label },
    builtAt: current.builtAt,
    filters,
    rows: contractRows,
    diseases,
    notCovered: { rows: facets.notCoveredRows, pairs: facets.notCoveredPairs },
    medicines: { taking: overlay.medicines.taking, phenoconverters: overlay.medicines.converters.map(shownConverter) },
    reading,
    actions: overviewHighlights(reading),
  };
}

/** Sessions whose report a newer knowledge base would change (for the practitioner's lists). */
export async function flaggedSessions(ctx: AppContext, practitionerId: string) {
  const rows = await repo.flaggedSessions(ctx.database.db, practitionerId);
  return rows.map((r) => r.sessionId);
}

/**
 * A kit's current report read as a prescriber reads it: every drug's verdict (verdicts.ts) from the
 * rows as the API answers them and the patient's current medicines, and the medicines as matched.
 * Null without a current report. The reading endpoint, the Overview, the PDF, Ask AI and the FHIR
 * export all take it from here.
 */
export async function readingOfKit(db: Db, kitId: string, patient: { id: string; synthetic: boolean }, sessionId: string): Promise<PgxReading | null> {
  const current = (await repo.reportsForKit(db, kitId)).find((r) => r.status === 'current');
  const callSet = current ? await repo.callSetForKit(db, kitId) : undefined;
  if (!current || !callSet) return null;
  const kb = await knowledgeBase(db, current.kbVersion);
  const overlay = await medicineOverlay(db, patient.id, kitId, current.kbVersion);
  const { rows } = await repo.queryRows(db, kitId, current.kbVersion, {}, { limit: 5000, offset: 0 });
  const calls = callSet.calls as GeneCall[];
  const inReport = new Set(rows.map((r) => r.gene));
  const m = overlay.medicines;
  return {
    sessionId,
    synthetic: patient.synthetic,
    knowledgeBase: { version: kb.version, label: kb.label },
    builtAt: current.builtAt.toISOString(),
    verdicts: drugVerdicts(rows.map((r) => toContractRow(r, overlay))),
    medicines: {
      answered: m.answered,
      taking: m.taking,
      stopped: m.stopped,
      notRecognised: m.notRecognised,
      phenoconverters: m.converters.map(shownConverter),
    },
    notTested: calls.filter((c) => c.source === 'NONE' && inReport.has(c.gene)).map((c) => c.gene),
    notCrossChecked: calls.filter((c) => c.source !== 'NONE' && c.check === 'noTable').map((c) => c.gene),
  };
}

/** The reading of a session's report, under the same access rule as its rows; 404 without a current report. */
export async function readingFor(ctx: AppContext, userId: string, sessionId: string): Promise<PgxReading & { actions: Highlight[] }> {
  const { row, kit } = await reportOf(ctx, userId, sessionId);
  const reading = kit ? await readingOfKit(ctx.database.db, kit.id, row.user, sessionId) : null;
  if (!reading) throw notFound();
  return { ...reading, actions: overviewHighlights(reading) };
}

/** The Overview's pharmacogenomic lines for a kit whose data the practitioner may see (highlights.ts), from its reading. */
export async function pharmacogeneHighlights(db: Db, kitId: string, patient: { id: string; synthetic: boolean }, sessionId: string) {
  const reading = await readingOfKit(db, kitId, patient, sessionId);
  return reading ? overviewHighlights(reading) : [];
}

/**
 * What Ask AI reads of a kit's current report: its reading (the same verdicts the report shows), the
 * gene calls, what the report cannot answer, and the conditions the report's rows name per drug (to
 * match a symptom the patient reports to the medicine that may cause it).
 */
export async function reportForAskAi(db: Db, kitId: string, patient: { id: string; synthetic: boolean }, sessionId: string) {
  const reading = await readingOfKit(db, kitId, patient, sessionId);
  if (!reading) return null;
  const current = (await repo.reportsForKit(db, kitId)).find((r) => r.status === 'current')!;
  const [{ rows }, f, callSet] = await Promise.all([
    repo.queryRows(db, kitId, current.kbVersion, {}, { limit: 5000, offset: 0 }),
    repo.facets(db, kitId, current.kbVersion),
    repo.callSetForKit(db, kitId),
  ]);
  const conditions: Record<string, string[]> = {};
  for (const r of rows) if (r.diseasePhenotype) conditions[r.genericName] = [...new Set([...(conditions[r.genericName] ?? []), r.diseasePhenotype])];
  const catalogue = loadCatalogue();
  return {
    reading,
    rowCount: current.rowCount,
    notCovered: { rows: f.notCoveredRows, pairs: f.notCoveredPairs },
    calls: ((callSet?.calls ?? []) as GeneCall[]).filter((c) => c.source !== 'NONE').map((c) => toContractCall(c, catalogue.get(c.gene))),
    conditions,
  };
}

/** Where a kit stands (its status and label), for a patient who has no pharmacogenomic report yet. */
export async function kitState(db: Db, kitId: string) {
  const kit = await repo.findKit(db, kitId);
  if (!kit) return null;
  // The drugs a report would cover, so a question naming one is told it cannot be checked yet (not refused).
  const drugs = (await currentKnowledgeBase(db)).drugs.map((d) => d.name.toLowerCase());
  return { status: kit.status, sampleLabel: kit.sampleLabel, drugs };
}
