import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
