/**
 * `npm start` serves the console as deployed by default: it builds it, then serves `web/dist`
 * compressed with CloudFront's cache headers (infra/local/console-build.ts), not Vite's dev server,
 * which loads modules on demand and runs StrictMode's double effects.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startRunner, type Runner } from './support/npm-start-runner';

let runner: Runner | undefined;
afterEach(() => {
  runner?.cleanup();
  runner = undefined;
});

describe('npm start, as a new user runs it', () => {
  it('builds the console and serves the build, compressed and cached as CloudFront does', async () => {
    runner = await startRunner({ LOCAL_WEB: 'build', LOCAL_SESSION_HOST: 'false' });

    const page = await fetch(`${runner.url}/tickets`, { headers: { 'accept-encoding': 'br' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain('/@vite/client');
    // the prerendered sign-in page boots the app from hashed chunks (web/src/app/sign-in-prerender.tsx)
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    expect(page.headers.get('cache-control')).toBe('no-cache');

    const asset = await fetch(`${runner.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  }, 300_000);
});
