import { defineProject } from 'vitest/config';

/** Browser tests against a whole local stack and the built console (support/console-build-setup.ts): one file at a time. */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    globalSetup: ['support/console-build-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
