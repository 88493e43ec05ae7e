/**
 * Serves the web console on the gateway's origin: Vite in middleware mode (HMR through the same HTTP
 * server) for `npm start`, or a built `dist/` folder for runs that want no compile step.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Gateway } from './gateway-server';

export interface MountedConsole {
  close(): Promise<void>;
}

interface ViteLike {
  middlewares: (req: unknown, res: unknown, next: () => void) => void;
  close(): Promise<void>;
}

export const WEB_WORKSPACE = resolve(fileURLToPath(import.meta.url), '..', '..', '..', '..', 'web');

/** Uses the web workspace's own Vite (the repo root hoists another major, for vitest). */
export async function mountVite(gateway: Gateway, root: string = WEB_WORKSPACE): Promise<MountedConsole> {
  const vitePath = createRequire(join(WEB_WORKSPACE, 'package.json')).resolve('vite');
  const { createServer } = (await import(pathToFileURL(vitePath).href)) as { createServer: (config: object) => Promise<ViteLike> };
  const vite = await createServer({
    root,
    appType: 'spa',
    clearScreen: false,
    logLevel: 'warn',
    server: { middlewareMode: true, ws: { server: gateway.server } },
  });
  gateway.setWebHandler((req, res, next) => vite.middlewares(req, res, next), true);
  return { close: () => vite.close() };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain; charset=utf-8',
};

/** Static files from a Vite build, with the SPA fallback to index.html for client-side routes. */
export function mountStatic(gateway: Gateway, distDir: string): MountedConsole {
  const base = resolve(distDir);
  const index = join(base, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the console first (npm run build -w web)`);
  gateway.setWebHandler((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    const candidate = normalize(join(base, pathname));
    const file = candidate.startsWith(base + sep) && existsSync(candidate) && statSync(candidate).isFile() ? candidate : index;
    const immutable = file !== index && pathname.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(readFileSync(file));
  }, false);
  return { close: async () => {} };
}
