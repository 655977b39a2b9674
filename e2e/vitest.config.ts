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
    // One browser and one server: journeys run one file at a time.
    fileParallelism: false,
  },
});
