import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // The platform key that seals companies' integration keys and webhook secrets (platform/secret-box.ts).
    // The per-company request limit is tested on its own (company-rate-limit.test.ts sets its limit);
    // elsewhere a test driving one company hard must not meet it.
    env: { INTEGRATION_SECRET_KEY: 'test-integration-key', COMPANY_REQUESTS_PER_WINDOW: '100000' },
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
