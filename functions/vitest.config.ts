import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // The platform key that seals companies' integration keys and webhook secrets (platform/secret-box.ts).
    env: { INTEGRATION_SECRET_KEY: 'test-integration-key' },
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
