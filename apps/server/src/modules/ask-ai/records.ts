import { RESULT_LEVEL_LABELS, type AiRecord, type PgxPhenoconverter, type PgxReportRow } from '@portal/contract';
import type { AppContext } from '../../context';
import { advisesStandardDosing, reportForAskAi } from '../pharmacogenomics/service';
import { accessibleSession } from '../sessions/access';
import { componentsOf, questionnairesFor, resultsWithData, toQuestionnaire, toResult } from '../sessions/service';

/** One gene and one drug of the pharmacogenomic report: its rows (one per population), as the report shows them. */
export interface PgxPair {
  type: 'pair';
  gene: string;
  drug: string;
  phenotype: string;
  /** The patient takes this drug now (the rows' `taking`). */
  taking: boolean;
  /** The gene's result changes this drug's prescribing (a Strong, Moderate or Optional recommendation for a non-normal result). */
  actionable: boolean;
  rows: PgxReportRow[];
}

/** One gene of the report: its result, the drugs it changes prescribing for, and the medicines that inhibit or induce it. */
export interface PgxGene {
  type: 'gene';
  gene: string;
  phenotype: string;
  actionable: boolean;
  /**
   * Drugs with an actionable recommendation, each with its strongest classification, and whether
   * every recommendation CPIC gives it for this result is to prescribe as usual (standard dosing).
   */
  drugs: Array<{ drug: string; classification: string; standardDosing: boolean }>;
  /** The patient's medicines that inhibit or induce this enzyme, and how many of the report's drugs that flags. */
  converters: PgxPhenoconverter[];
  flaggedDrugs: string[];
}

/** The report as a whole: what it covers and how it reads the patient's medicines. */
export interface PgxReport {
  type: 'report';
  rowCount: number;
  notCoveredRows: number;
  notCoveredGenes: string[];
  answered: boolean;
  taking: string[];
  converters: PgxPhenoconverter[];
}

/** A patient record an answer can stand on: what the portal shows, plus the facts an engine reads. */
export interface SourceRecord extends AiRecord {
  facts: Record<string, string | number | null>;
  /** The pharmacogenomic report's structure behind the facts (the built-in engine reads it; nothing else is sent). */
  pgx?: PgxPair | PgxGene | PgxReport;
  /** Not sent to an external engine unless the question names it: a report drug the patient does not take and no result changes. */
  background?: boolean;
}

export interface PatientRecords {
  practitionerId: string;
  records: SourceRecord[];
  /** Identifiers of the patient, scrubbed from anything sent to an external engine. */
  identifiers: string[];
}

interface ComponentData {
  componentID: string;
  title: string;
  riskLevel: number;
  percentile: number | null;
  score: number | null;
  averageScore: number | null;
  numberOfSnps: number;
  recommendation?: string;
}

const portalPath = (sessionId: string, rest = '') => `/sessions/${sessionId}/${rest}`;

/** CPIC's classifications from strongest; a row without one sorts last. */
export const CLASSIFICATIONS = ['Strong', 'Moderate', 'Optional'];
export const strength = (c: string | null | undefined) => {
  const i = CLASSIFICATIONS.indexOf(c ?? '');
  return i < 0 ? CLASSIFICATIONS.length : i;
};
/** The pair's rows with a CPIC recommendation, strongest first. */
export const recommended = (rows: PgxReportRow[]) =>
  rows.filter((r) => r.coverage === 'recommendation' && r.recommendation).sort((a, b) => strength(a.classification) - strength(b.classification));

const converterText = (c: PgxPhenoconverter) => `${c.medicine} (${c.strength} ${c.enzyme} ${c.kind})`;

/** The pharmacogenomic report as records: one per gene and drug, one per gene, and one for the report's coverage. */
function pgxRecords(sessionId: string, report: NonNullable<Awaited<ReturnType<typeof reportForAskAi>>>): SourceRecord[] {
  const out: SourceRecord[] = [];
  const actionableGene = new Map(report.genes.map((g) => [g.gene, g]));
  const pairs = new Map<string, PgxReportRow[]>();
  for (const r of report.rows) {
    const key = `${r.gene}:${r.genericName}`;
    pairs.set(key, [...(pairs.get(key) ?? []), r]);
  }
  const geneRows = new Map<string, PgxReportRow[]>();
  for (const r of report.rows) geneRows.set(r.gene, [...(geneRows.get(r.gene) ?? []), r]);
  const phenotypeOf = (gene: string, rows: PgxReportRow[]) => actionableGene.get(gene)?.phenotype ?? rows.find((r) => r.phenotype)?.phenotype ?? 'no result';

  for (const [key, rows] of pairs) {
    const { gene, genericName: drug } = rows[0]!;
    const g = actionableGene.get(gene);
    const actionable = Boolean(g?.drugs.includes(drug));
    const taking = rows.some((r) => r.taking);
    const flagged = rows.some((r) => r.phenoconversion.length > 0);
    const best = recommended(rows)[0];
    const converted = rows.find((r) => r.ifPhenoconverted)?.ifPhenoconverted;
    const pair: PgxPair = { type: 'pair', gene, drug, phenotype: phenotypeOf(gene, rows), taking, actionable, rows };
    out.push({
      ref: `pgx:${key}`,
      kind: 'pgx',
      label: `${drug} and ${gene} (pharmacogenomic report)`,
      href: portalPath(sessionId, `reports?view=1&name=${encodeURIComponent(drug)}`),
      date: report.builtAt,
      pgx: pair,
      background: !actionable && !taking && !flagged,
      facts: {
        gene,
        phenotype: pair.phenotype,
        drug,
        takenNow: taking ? 'yes' : null,
        actionable: actionable ? 'yes' : 'no',
        classification: best?.classification ?? null,
        population: best?.specialtyPopulation ?? null,
        recommendation: best?.recommendation ?? null,
        coverage: best ? null : rows.some((r) => r.coverage === 'notCovered') ? 'not covered by the knowledge base' : 'CPIC: no recommendation',
        phenoconversion: flagged ? [...new Set(rows.flatMap((r) => r.phenoconversion.map(converterText)))].join(', ') : null,
        ifPhenoconverted: converted ? `${converted.classification ?? 'not classified'}: ${converted.recommendation}` : null,
      },
    });
  }

  for (const [gene, rows] of geneRows) {
    const g = actionableGene.get(gene);
    const drugs = (g?.drugs ?? []).map((drug) => {
      const rs = recommended(pairs.get(`${gene}:${drug}`) ?? []);
      return { drug, classification: rs[0]?.classification ?? '', standardDosing: rs.length > 0 && rs.every((r) => advisesStandardDosing(r.recommendation)) };
    });
    const converters = report.medicines.phenoconverters.filter((c) => c.enzyme === gene);
    const flaggedDrugs = [...new Set(rows.filter((r) => r.phenoconversion.length > 0).map((r) => r.genericName))];
    const phenotype = phenotypeOf(gene, rows);
    out.push({
      ref: `pgx-gene:${gene}`,
      kind: 'pgx',
      label: `${gene} ${phenotype} (pharmacogenomic report)`,
      href: portalPath(sessionId, `reports?view=1&name=${encodeURIComponent(gene)}`),
      date: report.builtAt,
      pgx: { type: 'gene', gene, phenotype, actionable: Boolean(g), drugs, converters, flaggedDrugs },
      facts: {
        gene,
        phenotype,
        actionableDrugs: drugs.length ? drugs.map((d) => `${d.drug} (${d.classification}${d.standardDosing ? ', standard dosing' : ''})`).join(', ') : 'none',
        phenoconversion: converters.length ? `${converters.map(converterText).join(', ')}: flags ${flaggedDrugs.length} of the report's drugs` : null,
      },
    });
  }

  const m = report.medicines;
  out.push({
    ref: 'pgx-report',
    kind: 'pgx',
    label: 'Pharmacogenomic report: medicines and coverage',
    href: portalPath(sessionId, 'reports'),
    date: report.builtAt,
    pgx: {
      type: 'report',
      rowCount: report.rowCount,
      notCoveredRows: report.notCovered.rows,
      notCoveredGenes: report.notCovered.genes,
      answered: m.answered,
      taking: m.taking,
      converters: m.phenoconverters,
    },
    facts: {
      knowledgeBase: report.knowledgeBase,
      rows: report.rowCount,
      notCoveredRows: report.notCovered.rows,
      notCoveredGenes: report.notCovered.genes.join(', ') || null,
      reportDrugsTakenNow: m.answered ? m.taking.join(', ') || 'none' : 'medicines not listed in the questionnaire',
      phenoconverters: m.phenoconverters.map(converterText).join(', ') || null,
    },
  });
  return out;
}

/**
 * Everything an answer may use, gathered under the same access rules as the results pages: only
 * the session's practitioner, while accepted with a confirmed data request.
 */
export async function collectRecords(ctx: AppContext, userId: string, sessionId: string): Promise<PatientRecords> {
  const { db } = ctx.database;
  // One access check; what follows reads this session's own rows.
  const { practitioner, row } = await accessibleSession(ctx, userId, sessionId);
  const records: SourceRecord[] = [];

  for (const result of (row.kitId ? await resultsWithData(db, row.kitId) : []).map(toResult)) {
    for (const c of componentsOf(result.data) as unknown as ComponentData[]) {
      const processed = c.riskLevel !== 3;
      records.push({
        ref: `component:${c.componentID}`,
        kind: 'component',
        label: `${c.title} genetic score`,
        href: portalPath(sessionId, `result/${result.id}/components/${c.componentID}`),
        date: result.computedAt,
        facts: {
          title: c.title,
          level: processed ? RESULT_LEVEL_LABELS[c.riskLevel as 0 | 1 | 2] : null,
          notProcessed: processed ? null : 'not calculated: insufficient number of SNPs',
          percentile: processed ? c.percentile : null,
          snps: c.numberOfSnps,
          recommendation: processed ? (c.recommendation ?? null) : null,
        },
      });
    }
  }

  for (const q of (await questionnairesFor(db, row.user.id)).map(toQuestionnaire)) {
    for (const question of q.questions) {
      const answer = q.answers[question.id];
      if (answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0)) continue;
      records.push({
        ref: `questionnaire:${q.id}:${question.id}`,
        kind: 'questionnaire',
        label: `${q.category}: ${question.text}`,
        href: portalPath(sessionId, `questionnaires/${q.id}`),
        date: q.completedAt ?? q.updatedAt,
        facts: { category: q.category, question: question.text, questionId: question.id, answer: Array.isArray(answer) ? answer.join(', ') : answer },
      });
    }
  }

  const report = row.kitId ? await reportForAskAi(db, row.kitId, row.user.id) : null;
  if (report) records.push(...pgxRecords(sessionId, report));

  const u = row.user;
  return {
    practitionerId: practitioner.id,
    records,
    identifiers: [u.firstName, u.lastName, `${u.firstName} ${u.lastName}`, u.email, u.phoneNumber ?? ''].filter((s) => s.length > 1),
  };
}

/** The newest date among the records an answer used. */
export function dataDateOf(records: AiRecord[]): string | null {
  const dates = records
    .map((r) => r.date)
    .filter((d): d is string => Boolean(d))
    .sort();
  return dates.at(-1) ?? null;
}
