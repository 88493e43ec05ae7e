/**
 * The built console's prerendered sign-in page (web/build/sign-in-prerender.ts, decisions.md
 * "Sign-in first paint (Lighthouse)"): /login paints from index.html before the app's JavaScript
 * runs, the app then replaces it without moving anything, and nothing typed meanwhile is lost or
 * sent natively. The run's production build (support/console-build-setup.ts), served by the local
 * gateway's static server with a stub API that answers as to a signed-out visitor.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startGateway, type Gateway } from '../infra/local/gateway/gateway-server';
import { mountStatic } from '../infra/local/gateway/web-console';
import { launchBrowser, newPage } from './support/browser';

const consoleDir = inject('consoleDir');
let gateway: Gateway;
let browser: Browser;

/** The app has taken over once #root holds no prerendered copy. */
const appStarted = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('#root > [data-prerender]'), null, { timeout: 60_000 });

/** Where every visible heading, text, field, button and link of the page sits. */
const boxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#root :is(h2, p, input, button, a)')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0)
      .map(({ element, box }) => `${element.tagName} ${box.x},${box.y} ${box.width}x${box.height}`),
  );

describe('prerendered sign-in page', () => {
  beforeAll(async () => {
    const signedOut = async () => ({ statusCode: 401, body: JSON.stringify({ error: 'ERR_SESSION_EXPIRED' }) });
    [gateway, browser] = await Promise.all([startGateway({ invoke: signedOut, port: 0 }), launchBrowser()]);
    mountStatic(gateway, consoleDir);
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`paints the page without JavaScript, and the app's page sits exactly on it (390 px, ${colorScheme})`, async () => {
      const options = { viewport: { width: 390, height: 800 }, colorScheme };
      const html = await newPage(browser, options);
      await html.route('**/assets/*.js', (route) => route.abort());
      await html.goto(`${gateway.origin}/login`);
      await html.getByRole('heading', { name: 'Entre na sua conta' }).waitFor();
      await html.evaluate(() => document.fonts.ready);
      const painted = await boxes(html);

      const app = await newPage(browser, options);
      await app.goto(`${gateway.origin}/login`);
      await appStarted(app);
      await app.evaluate(() => document.fonts.ready);
      expect(await boxes(app)).toEqual(painted);
      expect(painted.length).toBeGreaterThanOrEqual(8);
      await Promise.all([html.context().close(), app.context().close()]);
    });
  }

  it('keeps what was typed before the app started, in the same field, never sends the form natively, and sends an early press once the app is in', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 800 } });
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/login')) logins.push(request.postData() ?? '');
    });
    const held: Route[] = [];
    let holding = true;
    await page.route('**/assets/*.js', (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(`${gateway.origin}/login`, { waitUntil: 'commit' });
    await page.getByLabel('E-mail').fill('ana@empresa.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('segredo-1');
    await page.getByRole('button', { name: 'Acessar' }).click();
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('Senha', { exact: true }).focus();

    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await appStarted(page);
    expect(await page.getByLabel('E-mail').inputValue()).toBe('ana@empresa.com.br');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('segredo-1');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    // 'Acessar' was pressed before the app was in: the app sends it, once, with what was typed
    await expect.poll(() => logins.length).toBe(1);
    expect(JSON.parse(logins[0]!)).toEqual({ email: 'ana@empresa.com.br', password: 'segredo-1' });
    await page.waitForTimeout(500);
    expect(logins).toHaveLength(1);
    await page.context().close();
  });

  it('shows the prerendered page on /login only', async () => {
    const page = await newPage(browser);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${gateway.origin}/tickets`);
    expect(await page.locator('#root > [data-prerender]').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Entre na sua conta' }).isVisible()).toBe(false);
    await page.context().close();
  });
});
