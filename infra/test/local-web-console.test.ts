import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { mountStatic, mountVite, pickEncoding, type MountedConsole } from '../local/gateway/web-console';
import { createInvoker } from '../local/lambda-runtime';

/** A stub console, so this test does not depend on the real web app. */
const stubRoot = mkdtempSync(join(tmpdir(), 'atende-web-stub-'));
writeFileSync(join(stubRoot, 'index.html'), '<!doctype html><html><body><div id="root">stub console</div></body></html>');
mkdirSync(join(stubRoot, 'dist', 'assets'), { recursive: true });
// Over CloudFront's 1,000-byte floor for compression.
writeFileSync(join(stubRoot, 'dist', 'index.html'), `<!doctype html><p>built console</p>${'<!-- padding -->'.repeat(80)}`);
writeFileSync(join(stubRoot, 'dist', 'assets', 'app.js'), 'console.log(1);\n'.repeat(100));

const invoke = createInvoker({ users: async () => ({ statusCode: 200, body: '"api"' }) });
afterAll(() => rmSync(stubRoot, { recursive: true, force: true }));

describe('console through Vite middleware on the gateway origin', () => {
  let gateway: Gateway;
  let vite: MountedConsole;
  beforeAll(async () => {
    gateway = await startGateway({ invoke });
    vite = await mountVite(gateway, stubRoot);
  });
  afterAll(async () => {
    await vite.close();
    await gateway.stop();
  });

  it('serves index.html with the HMR client, with the SPA fallback for client routes', async () => {
    const home = await (await fetch(`${gateway.origin}/`)).text();
    const deepLink = await fetch(`${gateway.origin}/tickets/123`);

    expect(home).toContain('stub console');
    expect(home).toContain('/@vite/client');
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('stub console');
  });

  it('still routes /api and /config.json to the gateway', async () => {
    expect(await (await fetch(`${gateway.origin}/api/users/list`)).json()).toBe('api');
    expect(((await (await fetch(`${gateway.origin}/config.json`)).json()) as { apiUrl: string }).apiUrl).toBe(
      `${gateway.origin}/api`,
    );
  });

  it('lets Vite take its HMR WebSocket on the same server', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${gateway.port}/`, 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (data) => resolve(data.toString()));
      ws.once('error', reject);
    });
    ws.close();
    expect(JSON.parse(first).type).toBe('connected');
  });
});

describe('console from a built dist folder', () => {
  it('serves files and falls back to index.html', async () => {
    const gateway = await startGateway({ invoke });
    mountStatic(gateway, join(stubRoot, 'dist'));
    try {
      const asset = await fetch(`${gateway.origin}/assets/app.js`);
      const route = await fetch(`${gateway.origin}/settings`);

      expect(asset.headers.get('content-type')).toContain('javascript');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(await route.text()).toContain('built console');
    } finally {
      await gateway.stop();
    }
  });

  it('compresses as CloudFront does and never lets index.html be cached', async () => {
    const gateway = await startGateway({ invoke });
    mountStatic(gateway, join(stubRoot, 'dist'));
    try {
      const raw = (encoding: string, path: string) =>
        new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          get({ host: '127.0.0.1', port: gateway.port, path, headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject);
        });
      const br = await raw('gzip, deflate, br', '/assets/app.js');
      const gz = await raw('gzip', '/assets/app.js');
      const plain = await raw('identity', '/assets/app.js');
      const html = await raw('br', '/login');

      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(html.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(html.body).toString()).toContain('built console');
    } finally {
      await gateway.stop();
    }
  });

  it('prefers Brotli, honours q=0 and answers identity when nothing matches', () => {
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
