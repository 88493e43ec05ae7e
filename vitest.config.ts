import { defineConfig } from 'vitest/config';

/** `npm test` runs every workspace's tests through these projects. */
export default defineConfig({
  test: {
    projects: ['shared', 'functions', 'session-host', 'infra', 'web', 'e2e', 'bench'],
    // Two cores: keep parallelism modest so emulator-backed suites don't starve each other.
    maxWorkers: 2,
  },
});
