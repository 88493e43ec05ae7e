import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { mountStatic, mountVite, type MountedConsole } from '../local/gateway/web-console';
import { createInvoker } from '../local/lambda-runtime';

/** A stub console, so this test does not depend on the real web app. */
const stubRoot = mkdtempSync(join(tmpdir(), 'atende-web-stub-'));
writeFileSync(join(stubRoot, 'index.html'), '<!doctype html><html><body><div id="root">stub console</div></body></html>');
mkdirSync(join(stubRoot, 'dist', 'assets'), { recursive: true });
writeFileSync(join(stubRoot, 'dist', 'index.html'), '<!doctype html><p>built console</p>');
writeFileSync(join(stubRoot, 'dist', 'assets', 'app.js'), 'console.log(1)');

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
    expect(((await (await fetch(`${gateway.origin}/config.json`)).json()) as { apiUrl: string }).apiUrl).toBe(`${gateway.origin}/api`);
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
});
