import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import type { Harness } from '../harness';
import { buildPractice, createSecurityApp, type Practice } from './world';

/** Every read of patient data by its owner writes exactly one audit row, 'allowed', in its category. */
let h: Harness;
let A: Practice;
beforeAll(async () => {
  h = await createSecurityApp();
  A = await buildPractice(h, 'A');
}, 120_000);
afterAll(() => h?.close());

describe('audit rows per patient-data read', () => {
  it('exactly one per read: results, a component, questionnaires, the pgx report, the AI answers and one answer, the journal, the session, its access history', async () => {
    const s = `/api/portal/sessions/${A.sessionId}`;
    const reads: Array<[string, string, string?]> = [
      [`${s}`, 'session'],
      [`${s}/results`, 'results'],
      [`${s}/results/${A.resultId}`, 'results'],
      [`${s}/results/${A.resultId}/components/${A.componentId}`, 'component'],
      [`${s}/questionnaires`, 'questionnaires'],
      [`${s}/questionnaires/2`, 'questionnaires'],
      [`${s}/reports`, 'pharmacogenomic report'],
      [`${s}/reports/rows?view=1&name=simva`, 'pharmacogenomic report'],
      [`${s}/reports/diseases?phenotypeCategory=Efficacy&specialtyPopulation=Adults&levelOfEvidence=1`, 'pharmacogenomic report'],
      [`${s}/reports/pdf?view=1&name=simva`, 'pharmacogenomic report'],
      [`${s}/ai/answers`, 'ai answer'],
      [`${s}/ai/answers/${A.answerId}`, 'ai answer'],
      [`${s}/access-history`, 'access history'],
      [`${s}/journal`, 'journal'],
      [`/api/portal/journals/${A.journalId}`, 'journal'],
    ];
    const counts: Record<string, number> = {};
    for (const [url, category] of reads) {
      const [last] = await h.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
      const res = await h.app.inject({ url, headers: A.doc.auth });
      expect(res.statusCode, url).toBe(200);
      const rows = await h.db
        .select()
        .from(auditEvents)
        .where(gt(auditEvents.id, last?.id ?? 0));
      counts[url.replace(A.sessionId, ':id').replace(A.resultId, ':resultId').replace(A.answerId, ':answerId').replace(A.journalId, ':journalId')] =
        rows.length;
      expect(rows, url).toHaveLength(1);
      expect(rows[0], url).toMatchObject({
        category,
        action: 'read',
        outcome: 'allowed',
        actorUserId: A.doc.user.id,
        sessionId: A.sessionId,
        patientId: A.patient.user.id,
      });
    }
    console.info(`[security:audit] ${JSON.stringify({ reads: reads.length, rowsPerRead: [...new Set(Object.values(counts))] })}`);
  });
});
