import { defineProject } from 'vitest/config';

/** Browser tests against a whole local stack: one file at a time, generous timeouts (Vite compiles on first load). */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
