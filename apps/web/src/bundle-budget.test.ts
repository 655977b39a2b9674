// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without types
import { INITIAL_JS_BUDGET_KIB, measureBundle } from '../scripts/bundle-size.mjs';

describe('bundle budget', () => {
  it(`the built portal's initial JavaScript stays within ${INITIAL_JS_BUDGET_KIB} KiB gzip`, () => {
    // npm test builds first; a missing build fails here rather than passing unmeasured.
    const result = measureBundle(path.resolve(__dirname, '../dist'));
    expect(result.initialFiles.length).toBeGreaterThan(0);
    expect(result.initialJsKiB).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KIB);
  });
});
