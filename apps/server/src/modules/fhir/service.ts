import type { Bundle } from '@medplum/fhirtypes';
import type { ResultComponent } from '@portal/contract';
import type { AppContext } from '../../context';
import * as pgx from '../pharmacogenomics/service';
import { accessibleSession } from '../sessions/access';
import { componentsOf, resultsWithData } from '../sessions/service';
import { buildBundle } from './build';
import { validateFhir } from './validate';

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
  const [callSet, kb] =
    kit && current ? await Promise.all([pgx.callSetForKit(db, kit.id), pgx.findKnowledgeBase(db, current.kbVersion)]) : [undefined, undefined];
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
          }
        : null,
    generatedAt: new Date(),
  });
  const errors = (await validateFhir(bundle)).filter((p) => p.severity === 'error' || p.severity === 'fatal');
  if (errors.length) {
    // Paths and messages only: no values, so no patient data reaches the log.
    ctx.log.error({ problems: errors.map((e) => `${e.expression}: ${e.text.replace(/"[^"]*"/g, '"…"')}`) }, 'fhir: the export did not validate');
    throw new Error('fhir: the export did not validate');
  }
  return { bundle, sampleLabel: kit?.sampleLabel ?? null };
}
