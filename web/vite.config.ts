import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { chakraRecipes } from './build/chakra-recipes.ts';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { firstPaint } from './build/first-paint.ts';
import { sharedSchemas } from './build/shared-schemas.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The console. `@atende/shared` is imported as TypeScript source from ../shared, so the dev
 * server may read the whole repository. The local runner serves the same config in
 * middleware mode (same origin as /api and /ws); `VITE_API_PROXY` lets `npm run dev -w web`
 * talk to a runner elsewhere.
 */
const apiProxy = process.env.VITE_API_PROXY;

/**
 * `regroup`: the production build groups the first loads' chunks (build/first-load-chunks.ts), from a
 * first pass of this same config without it (and without the index.html rewrite, which needs none).
 */
function consoleConfig(regroup: boolean): UserConfig {
  const firstLoad = regroup ? firstLoadChunks(() => ({ root: webRoot, ...consoleConfig(false) })) : undefined;
  return {
    root: webRoot,
    plugins: [react(), chakraRecipes(), sharedSchemas(), ...(firstLoad ? [firstLoad.plugin, firstPaint()] : [])],
    resolve: { alias: { '@': `${webRoot}src` } },
    // Found late by the dependency scanner (they live in lazy routes): a late find reloads the page in dev.
    optimizeDeps: { include: ['qrcode.react'] },
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
      // The manifest lets bench/web-first-load.ts walk each route's module graph.
      manifest: true,
      rolldownOptions: {
        output: {
          // React changes less often than ours: its chunk stays cached across releases. Chakra and
          // Amplify are NOT grouped as such: each route's chunk carries only the components it uses, and
          // Amplify arrives with the first API call (decisions.md "Web console: first load"); the first
          // loads' own chunks are grouped by build/first-load-chunks.ts.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 10 },
              ...(firstLoad?.codeSplittingGroups ?? []),
            ],
          },
        },
      },
    },
  };
}

export default defineConfig(consoleConfig(true));
