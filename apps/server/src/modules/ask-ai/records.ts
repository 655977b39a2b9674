import { RESULT_LEVEL_LABELS, type AiRecord } from '@portal/contract';
import type { AppContext } from '../../context';
import { actionableRows } from '../pharmacogenomics/service';
import { questionnairesFor, resultsWithData } from '../sessions/repository';
import { accessibleSession, componentsOf, toQuestionnaire, toResult } from '../sessions/service';

/** A patient record an answer can stand on: what the portal shows, plus the facts an engine reads. */
export interface SourceRecord extends AiRecord {
  facts: Record<string, string | number | null>;
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

  if (row.kitId) {
    const pgx = await actionableRows(db, row.kitId);
    for (const r of pgx.rows) {
      records.push({
        ref: `pgx:${r.gene}:${r.drug}`,
        kind: 'pgx',
        label: `${r.drug} and ${r.gene} (pharmacogenomic report)`,
        href: portalPath(sessionId, `reports?view=1&name=${encodeURIComponent(r.drug)}`),
        date: pgx.builtAt,
        facts: { gene: r.gene, phenotype: r.phenotype, drug: r.drug, recommendation: r.recommendation, classification: r.classification },
      });
    }
  }

  const u = row.user;
  return { practitionerId: practitioner.id, records, identifiers: [u.firstName, u.lastName, `${u.firstName} ${u.lastName}`, u.email, u.phoneNumber ?? ''].filter((s) => s.length > 1) };
}

/** The newest date among the records an answer used. */
export function dataDateOf(records: AiRecord[]): string | null {
  const dates = records.map((r) => r.date).filter((d): d is string => Boolean(d)).sort();
  return dates.at(-1) ?? null;
}
