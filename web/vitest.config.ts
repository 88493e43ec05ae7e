import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Chakra's first render in jsdom is slow on two cores.
    testTimeout: 20_000,
  },
  plugins: [react()],
  resolve: { alias: { '@': src } },
});
