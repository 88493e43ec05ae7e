/**
 * Serves the web console on the gateway's origin: Vite in middleware mode (HMR through the same HTTP
 * server) for `npm start`, or a built `dist/` folder for runs that want no compile step.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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
  const { createServer } = (await import(pathToFileURL(vitePath).href)) as {
    createServer: (config: object) => Promise<ViteLike>;
  };
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
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** What CloudFront compresses (its list of compressible types, the ones a Vite build emits). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest', '.map']);
/** CloudFront compresses objects between 1,000 bytes and 10 MB. */
const MIN_COMPRESS_BYTES = 1000;

type Encoding = 'br' | 'gzip';

/** The viewer's preferred encoding among those CloudFront serves (Brotli first, as CloudFront does). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 9 });
}

/**
 * Static files from a Vite build, served as CloudFront serves them (infra's web distribution), so
 * local performance figures mean something: Brotli or gzip by Accept-Encoding, `Vary: Accept-Encoding`,
 * hashed files under /assets/ cached for a year and immutable, index.html (and the SPA fallback for
 * client-side routes) revalidated on every load. Compressed bodies are computed once per file.
 */
export function mountStatic(gateway: Gateway, distDir: string): MountedConsole {
  const base = resolve(distDir);
  const index = join(base, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the console first (npm run build -w web)`);
  const cache = new Map<string, Buffer>();
  const bodyOf = (file: string, encoding: Encoding | null): Buffer => {
    const key = `${encoding ?? 'identity'}:${file}`;
    let body = cache.get(key);
    if (!body) {
      const raw = readFileSync(file);
      body = encoding ? compress(raw, encoding) : raw;
      // index.html changes with every build while the server runs (`vite build --watch`): never cache it.
      if (file !== index) cache.set(key, body);
    }
    return body;
  };
  gateway.setWebHandler((req, res) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const candidate = normalize(join(base, pathname));
    const file =
      candidate.startsWith(base + sep) && existsSync(candidate) && statSync(candidate).isFile() ? candidate : index;
    const immutable = file !== index && pathname.startsWith('/assets/');
    const ext = extname(file);
    const size = statSync(file).size;
    const encoding =
      COMPRESSIBLE.has(ext) && size >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
    const body = bodyOf(file, encoding);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'content-length': String(body.length),
      ...(COMPRESSIBLE.has(ext) ? { vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }, false);
  return { close: async () => {} };
}
