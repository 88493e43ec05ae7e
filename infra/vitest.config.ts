import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The local platform's prefixed logs would drown the report.
    env: { LOCAL_QUIET: 'true' },
  },
});
