import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // A journey scans every page it visits with axe (several seconds each on a busy 2-core machine).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: a page painting after a slow chunk on a loaded machine then
    // fails a journey that is right (the last CI run lost Ask AI's first check that way).
    expect: { poll: { timeout: 15_000 } },
    // One browser and one server: journeys run one file at a time.
    fileParallelism: false,
  },
});
