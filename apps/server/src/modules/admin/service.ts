import type { AppContext } from '../../context';
import { passedPractitionerIds } from '../course/service';
import * as practice from '../practitioner/service';

// The provider's staff check, which the admin routes of other modules (kits, transactions, pharmacogenomics, system) use too.
export { adminCheckFor } from './admin-auth';

/** The provider's side of a practice's life: the review queue and the decision. */
export async function listPractitioners(ctx: AppContext, filter: practice.ReviewFilter) {
  const page = await practice.listForReview(ctx, filter);
  const passed = await passedPractitionerIds(
    ctx,
    page.results.map((r) => r.id),
  );
  return { ...page, results: page.results.map((r) => ({ ...r, testPassed: passed.has(r.id) })) };
}

export async function review(ctx: AppContext, practitionerId: string, decision: practice.ReviewDecision) {
  await practice.review(ctx, practitionerId, decision);
  const [row] = (await listPractitioners(ctx, { id: practitionerId, limit: 1, offset: 0 })).results;
  return row!;
}
