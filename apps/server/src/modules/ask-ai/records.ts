import {
  KIT_STATUS_LABELS,
  PGX_MESSAGES,
  PGX_TIER_LABELS,
  RESULT_LEVEL_LABELS,
  notCoveredByReason,
  pgxGeneResult,
  type AiRecord,
  type PgxGeneCall,
  type PgxNotCovered,
  type PgxPhenoconverter,
  type PgxReading,
  type PgxVerdict,
  type PgxVerdictReading,
} from '@portal/contract';
import type { AppContext } from '../../context';
import { kitState, reportForAskAi } from '../pharmacogenomics/service';
import { accessibleSession } from '../sessions/access';
import { componentsOf, otherPatientNames, questionnairesFor, resultsWithData, toQuestionnaire, toResult } from '../sessions/service';

/** One drug of the pharmacogenomic report as its verdict reads it (the same verdict the report shows). */
export interface PgxVerdictRecord {
  type: 'verdict';
  verdict: PgxVerdict;
  /** The conditions the report's rows name for this drug ('Myopathy'): a symptom the patient reports may point here. */
  conditions: string[];
}

/** One called gene: its diplotype, result and how the call was checked. */
export interface PgxCallRecord {
  type: 'call';
  call: PgxGeneCall;
}

/** The report as a whole: the patient's medicines as matched, what was not tested or not covered. */
export interface PgxReportRecord {
  type: 'report';
  reading: PgxReading;
  notCovered: PgxNotCovered;
}

/** A patient record an answer can stand on: what the portal shows, plus the facts an engine reads. */
export interface SourceRecord extends AiRecord {
  facts: Record<string, string | number | null>;
  /** The pharmacogenomic report's structure behind the facts (the built-in engine reads it; nothing else is sent). */
  pgx?: PgxVerdictRecord | PgxCallRecord | PgxReportRecord;
  /** The kit's state, where the patient has no pharmacogenomic report yet. */
  kit?: { status: string | null; sampleLabel: string; drugs: string[] };
  /** Not sent to an external engine unless the question names it: a report drug the patient does not take and no result changes. */
  background?: boolean;
}

export interface PatientRecords {
  practitionerId: string;
  records: SourceRecord[];
  /** Identifiers of the patient, scrubbed from anything sent to an external engine. */
  identifiers: string[];
  /** This patient's name (the one Ask AI answers about), and the practice's other patients' names (never answered about). */
  patient: { firstName: string; lastName: string };
  otherNames: string[];
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

/** A reading in words: population, CPIC's classification, the genes it rests on, then CPIC's whole text (or why there is none). */
export function readingText(r: PgxVerdictReading): string {
  const genes = r.genes.map(pgxGeneResult).join(' and ');
  const where = r.population ? `${r.population}: ` : '';
  if (r.tier === 'notCovered') return `${where}${r.note ?? PGX_MESSAGES.notCovered}`;
  return `${where}${PGX_TIER_LABELS[r.tier]} (CPIC ${r.classification ?? 'not classified'}; ${genes}): ${r.recommendation ?? ''}`;
}

const converterText = (c: PgxPhenoconverter) => `${c.medicine} (${c.strength} ${c.enzyme} ${c.kind})`;

/** The pharmacogenomic report as records: one per drug's verdict, one per called gene, and one for the report as a whole. */
function pgxRecords(sessionId: string, report: NonNullable<Awaited<ReturnType<typeof reportForAskAi>>>): SourceRecord[] {
  const { reading } = report;
  const out: SourceRecord[] = [];
  for (const v of reading.verdicts) {
    const conditions = report.conditions[v.drug] ?? [];
    out.push({
      ref: `pgx:${v.drug}`,
      kind: 'pgx',
      label: `${v.drug} (pharmacogenomic report)`,
      href: portalPath(sessionId, `reports?view=1&name=${encodeURIComponent(v.drug)}`),
      date: reading.builtAt,
      pgx: { type: 'verdict', verdict: v, conditions },
      // Sent to an external engine only when the question names it: a drug nobody takes, whose advice needs no change.
      background: !v.taking && !v.phenoconversion && (v.tier === 'usual' || v.tier === 'noAdvice' || v.tier === 'notCovered'),
      facts: {
        drug: v.drug,
        takenNow: v.taking ? 'yes' : 'no',
        action: PGX_TIER_LABELS[v.tier],
        readings: v.readings.map(readingText).join(' | '),
        alternativesCpicNames: v.readings.flatMap((r) => r.alternatives).join(', ') || null,
        phenoconversion: v.phenoconversion?.text ?? null,
        ifPhenoconverted: v.phenoconversion?.reading ? readingText(v.phenoconversion.reading) : null,
        notTested: v.untested.join(' ') || null,
        heritable: v.heritable.join(' ') || null,
        conditions: conditions.join(', ') || null,
      },
    });
  }
  for (const c of report.calls) {
    out.push({
      ref: `pgx-gene:${c.gene}`,
      kind: 'pgx',
      label: `${c.gene} ${c.phenotype || c.diplotype} (pharmacogenomic report)`,
      href: portalPath(sessionId, `reports?view=1&name=${encodeURIComponent(c.gene)}`),
      date: reading.builtAt,
      pgx: { type: 'call', call: c },
      background: true,
      facts: {
        gene: c.gene,
        diplotype: c.diplotype,
        phenotype: c.phenotype || null,
        activityScore: c.activityScore || null,
        checked: c.check ? PGX_MESSAGES.callChecks[c.check] : null,
      },
    });
  }
  const m = reading.medicines;
  out.push({
    ref: 'pgx-report',
    kind: 'pgx',
    label: 'Pharmacogenomic report: medicines and coverage',
    href: portalPath(sessionId, 'reports'),
    date: reading.builtAt,
    pgx: { type: 'report', reading, notCovered: report.notCovered },
    facts: {
      knowledgeBase: reading.knowledgeBase.label,
      reportDrugsTakenNow: m.answered ? m.taking.join(', ') || 'none' : 'medicines not listed in the questionnaire',
      stopped: m.stopped.join(', ') || null,
      notRecognised: m.notRecognised.join('; ') || null,
      phenoconverters: m.phenoconverters.map(converterText).join(', ') || null,
      notTested: reading.notTested.join(', ') || null,
      notCrossChecked: reading.notCrossChecked.join(', ') || null,
      notCovered:
        notCoveredByReason(report.notCovered.pairs)
          .map((g) => `${g.reason} ${g.drugs.join(', ')}`)
          .join(' ') || null,
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

  const report = row.kitId ? await reportForAskAi(db, row.kitId, row.user, sessionId) : null;
  if (report) records.push(...pgxRecords(sessionId, report));
  else if (row.kitId) {
    // No report yet: what a practitioner can tell the patient is where the kit stands.
    const kit = await kitState(db, row.kitId);
    if (kit)
      records.push({
        ref: 'kit',
        kind: 'kit',
        label: `Kit ${kit.sampleLabel}`,
        href: portalPath(sessionId, ''),
        date: null,
        kit,
        facts: {
          kit: kit.sampleLabel,
          status: kit.status ? ((KIT_STATUS_LABELS as Record<string, string>)[kit.status] ?? kit.status) : null,
          pharmacogenomicReport: 'none yet',
        },
      });
  }

  const u = row.user;
  return {
    practitionerId: practitioner.id,
    records,
    identifiers: [u.firstName, u.lastName, `${u.firstName} ${u.lastName}`, u.email, u.phoneNumber ?? ''].filter((s) => s.length > 1),
    patient: { firstName: u.firstName, lastName: u.lastName },
    otherNames: await otherPatientNames(db, practitioner.id, u.id),
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
