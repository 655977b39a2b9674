import { EVIDENCE_TO_CPIC_LEVEL, type PgxReportRow } from '@portal/contract';
import { reportsText } from './messages';

export const joined = (v: string[]) => v.join(', ');
export const textOr = (v: string | null | undefined, fallback: string) => (v && v.trim() ? v : fallback);
/** A value the data does not give is said to be not stated, never left blank or guessed. */
export const orNotStated = (v: string | null | undefined) => textOr(v, reportsText('reports.notStated'));

/** '1 (CPIC A)', '1/2 (CPIC A/B)', or 'not graded'. */
export function evidenceText(row: Pick<PgxReportRow, 'levelOfEvidence' | 'cpicLevel'>): string {
  if (!row.levelOfEvidence.length) return reportsText('reports.notGraded');
  return `${row.levelOfEvidence.join('/')} (CPIC ${row.cpicLevel ?? row.levelOfEvidence.map((l) => EVIDENCE_TO_CPIC_LEVEL[l]).join('/')})`;
}
