import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'session-host',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
