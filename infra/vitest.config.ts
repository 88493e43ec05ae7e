import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The local platform's prefixed logs and the SDK's Node-version notice would drown the report.
    env: { LOCAL_QUIET: 'true', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
