import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The console. `@atende/shared` is imported as TypeScript source from ../shared, so the dev
 * server may read the whole repository. The local runner serves the same config in
 * middleware mode (same origin as /api and /ws); `VITE_API_PROXY` lets `npm run dev -w web`
 * talk to a runner elsewhere.
 */
const apiProxy = process.env.VITE_API_PROXY;

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: { alias: { '@': `${webRoot}src` } },
  server: {
    fs: { allow: [repoRoot] },
    ...(apiProxy
      ? {
          proxy: {
            '/api': { target: apiProxy, changeOrigin: true },
            '/ws': { target: apiProxy.replace(/^http/, 'ws'), ws: true },
            '/config.json': { target: apiProxy, changeOrigin: true },
          },
        }
      : {}),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than ours: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@floating-ui)[\\/]/ },
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)[\\/]/ },
          ],
        },
      },
    },
  },
});
