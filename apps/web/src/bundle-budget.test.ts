// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeJs } from '../../../bench/route-js';
import {
  HOME_FIRST_VISIT_BUDGET_KIB,
  INITIAL_JS_BUDGET_KIB,
  ROUTE_FIRST_VISIT_BUDGET_KIB,
  firstVisitBudgetKiB,
  measureBundle,
  // @ts-expect-error plain ESM build script without types
} from '../scripts/bundle-size.mjs';

const dist = path.resolve(__dirname, '../dist');

describe('bundle budget', () => {
  it(`the built portal's initial JavaScript stays within ${INITIAL_JS_BUDGET_KIB} KiB gzip`, () => {
    // npm test builds first; a missing build fails here rather than passing unmeasured.
    const result = measureBundle(dist);
    expect(result.initialFiles.length).toBeGreaterThan(0);
    expect(result.initialJsKiB).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KIB);
  });

  it(`a first visit: the home page within ${HOME_FIRST_VISIT_BUDGET_KIB} KiB gzip, every route within ${ROUTE_FIRST_VISIT_BUDGET_KIB}`, () => {
    const routes = routeJs(dist, measureBundle(dist).initialFiles);
    expect(routes.map((r) => r.path)).toContain('/');
    const over = routes.filter((r) => r.totalKiB > (firstVisitBudgetKiB(r.path) as number)).map((r) => `${r.path}: ${r.totalKiB.toFixed(1)} KiB`);
    expect(over).toEqual([]);
  });
});
