/**
 * Helpers shared by the browser tests that drive the whole local stack (infra/local/stack.ts): the
 * platform's API and the simulator's control API (docs/simulator-api.md) as a given user, signing in
 * and signing a company up through the console, and waiting for outside effects.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { ConnectionDto, LoginResponse } from '@atende/shared';
import type { LocalStack, LocalStackOptions } from '../../infra/local/stack';

export interface Credentials {
  email: string;
  password: string;
}

async function call<T>(what: string, url: string, token: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} ${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The console as users get it: the run's one production build (support/console-build-setup.ts). */
export const builtConsole = (): Pick<LocalStackOptions, 'web' | 'consoleDir'> => ({
  web: 'dist',
  consoleDir: inject('consoleDir'),
});

/** The platform's REST API as the holder of `token`; a non-2xx answer throws with its body. */
export const api = <T>(stack: LocalStack, token: string, method: string, path: string, body?: unknown) =>
  call<T>('api', `${stack.apiUrl}${path}`, token, method, body);

/** The simulator's control API, which serves an admin's access token only (issue 8 item 7). */
export const simulator = <T>(stack: LocalStack, token: string, method: string, path: string, body?: unknown) =>
  call<T>('simulator', `${stack.url}/simulator-api${path}`, token, method, body);

/** An access token for these credentials, straight from /auth/login. */
export async function loginToken(stack: LocalStack, credentials: Credentials): Promise<string> {
  const answer = await fetch(`${stack.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (answer.status !== 200) throw new Error(`login ${credentials.email}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as LoginResponse).token;
}

/** Signs in through the console's login page and waits to leave it. */
export async function signIn(page: Page, stack: LocalStack, credentials: Credentials): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Senha', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 90_000 });
}

/** Polls `probe` until it returns true (setup runs outside a test, where expect.poll is not allowed). */
export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Pictures without leftover toasts or half-finished animations. */
export async function settle(page: Page): Promise<void> {
  await page
    .getByTestId('toast')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

/**
 * A new company through /signup as a visitor does it (spec part 1 §2 "Sign-up"): the form with the
 * first plan, the confirmation link from the local /outbox, then the new admin's credentials.
 */
export async function signUpCompany(page: Page, stack: LocalStack, company: string): Promise<Credentials> {
  const credentials = { email: `admin.${Date.now().toString(36)}@empresa.com.br`, password: 'segredo1' };
  await page.goto(`${stack.url}/signup`);
  await page.locator('[data-testid^="plan-"]').first().waitFor({ timeout: 90_000 });
  await page.getByLabel('Nome da empresa').fill(company);
  await page.getByLabel('CNPJ').pressSequentially('11222333000181', { delay: 20 });
  await page.getByLabel('Telefone').pressSequentially('11999998888', { delay: 20 });
  await page.getByLabel('Seu nome completo').fill('Ana Gestora');
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Senha').fill(credentials.password);
  await page.locator('[data-testid^="plan-"]').first().click();
  await page.getByText('Li e aceito').click();
  await page.getByTestId('signup-submit').click();
  await page.getByTestId('signup-sent').waitFor({ timeout: 30_000 });

  await page.goto(`${stack.url}/outbox`);
  const link = page.getByTestId('outbox-mail').filter({ hasText: credentials.email }).getByTestId('outbox-link').first();
  await link.waitFor({ timeout: 30_000 });
  await link.click();
  await page.getByTestId('signup-token-outcome').waitFor({ timeout: 30_000 });
  return credentials;
}

/**
 * A WhatsApp connection created through the API and scanned on the simulated business phone: waits for
 * its QR, scans it and waits until it is CONNECTED. `token` must be an admin's (the simulator's rule).
 */
export async function scannedConnection(
  stack: LocalStack,
  token: string,
  input: Record<string, unknown>,
): Promise<ConnectionDto> {
  const created = await api<ConnectionDto>(stack, token, 'POST', '/whatsapp', input);
  const status = async () =>
    (await simulator<{ connection: { status: string } }>(stack, token, 'GET', `/connections/${created.id}`)).connection
      .status;
  await waitUntil('the QR', async () => (await status()) === 'qrcode', 30_000);
  await simulator(stack, token, 'POST', `/connections/${created.id}/scan`, {});
  await waitUntil('the connection', async () => (await status()) === 'CONNECTED', 20_000);
  return created;
}
