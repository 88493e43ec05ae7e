/**
 * The external send API journey (issue 27 "What it must show", second bullet; issue 31 §2) in
 * Chromium against the whole local stack: a super user switches the API on for the company (the
 * Companies form's PUT), the admin adds a connection with a token generated in /connections and
 * scans it on the simulated phone, then plain `fetch` calls as curl makes them send a text and a
 * picture with the token. Judged from outside: the simulated phone's own record, and the ticket
 * workspace in the browser. A retry with the same `Idempotency-Key` sends nothing and answers the
 * first result; a wrong token is 401, a bad number 400 ERR_VALIDATION. /apidocs on a desk in light
 * mode and on a phone in dark mode, its text test form sending for real.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalSendAnswer, LoginResponse, SimMessageView } from '@atende/shared';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { stopAfterFirstFailure } from './support/journey-steps';
import { enableExternalApi } from './support/company-options';
import { externalSend, solidPng } from './support/external-api-calls';
import { builtConsole, settle, signIn, simulator, type Credentials, waitUntil } from './support/local-stack';

const CONNECTION = 'Integração ERP';
/** A number the business never talked to: the API finds it on WhatsApp and starts the conversation. */
const CUSTOMER = '5511976540321';
const TEXT = `Seu pedido 4521 foi enviado (${Date.now().toString(36)})`;
const CAPTION = 'Nota fiscal do pedido 4521';
const PICTURE = { name: 'nota-4521.png', mimetype: 'image/png', bytes: solidPng(96, [37, 99, 235]) };
const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true } as const;

let stack: LocalStack;
let browser: Browser;
let desk: Page | undefined;
let admin: Credentials;
let adminToken = '';
let connectionId = '';
let connectionToken = '';
let first: ExternalSendAnswer;
/** The ticket's page in the console (/tickets/{uuid}). */
let ticketPath = '';

/** What the customer's phone shows from the business (the simulator's record, not ours). */
const phone = async (): Promise<SimMessageView[]> =>
  (
    await simulator<{ messages: SimMessageView[] }>(
      stack,
      adminToken,
      'GET',
      `/connections/${connectionId}/contacts/${CUSTOMER}/messages`,
    ).catch(() => ({ messages: [] }))
  ).messages.filter((message) => message.from === 'business');

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the external send API: a connection token sends text and media, once', () => {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ ...builtConsole(), sessionHost: true }), launchBrowser()]);
    const seeded = stack.seeded.logins.find((login) => login.role === 'admin');
    if (!seeded?.password) throw new Error('the local stack has no admin login');
    admin = { email: seeded.email, password: seeded.password };
  });

  stopAfterFirstFailure('external-api-journey', () => ({ '': desk }));
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('the super user switches the API on; the admin adds a connection with a token in /connections and scans it', async () => {
    // The API token before the browser's sign-in (a later sign-in is another device: spec part 1 §4).
    const login = await fetch(`${stack.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token, user } = (await login.json()) as LoginResponse;
    adminToken = token;
    expect((await enableExternalApi(stack, user.companyId)).useApi).toBe(true);

    // Signing in after the switch: the session carries useApi, so the form shows the token field.
    desk = await newPage(browser, { colorScheme: 'light' });
    await signIn(desk, stack, admin);
    await desk.goto(`${stack.url}/connections`);
    await desk.getByTestId('add-connection').first().click({ timeout: 90_000 });
    await desk.getByRole('menuitem', { name: 'WhatsApp' }).click();
    const dialog = desk.getByTestId('connection-dialog');
    await dialog.getByLabel('Nome', { exact: false }).first().fill(CONNECTION);
    const tokenField = dialog.getByLabel('Token Bearer da API');
    expect(await tokenField.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Gerar token' }).click();
    connectionToken = await tokenField.inputValue();
    expect(connectionToken).toMatch(/^[A-Za-z0-9]{16,128}$/);
    await tokenField.scrollIntoViewIfNeeded();
    await settle(desk);
    await screenshot(desk, 'external-api-journey-token-light');
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = desk.getByTestId('connection-row').filter({ hasText: CONNECTION });
    connectionId = (await row.getAttribute('data-connection-id', { timeout: 15_000 })) ?? '';
    expect(connectionId).not.toBe('');
    await desk.getByTestId('qr-dialog').getByTestId('qr-code').waitFor({ timeout: 30_000 });
    await simulator(stack, adminToken, 'POST', `/connections/${connectionId}/scan`, {});
    const status = row.getByTestId('connection-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('CONNECTED');
  });

  it('curl with the token sends a text and a picture: the phone gets each once, the workspace shows them', async () => {
    // The admin watches the waiting list while the integrator calls: the new ticket arrives live.
    await desk!.goto(`${stack.url}/tickets`);
    await desk!.getByTestId('tab-pending').click({ timeout: 60_000 });

    const text = await externalSend(stack, connectionToken, {
      number: CUSTOMER,
      body: TEXT,
      idempotencyKey: 'pedido-4521-texto',
    });
    expect(text.status, JSON.stringify(text.body)).toBe(201);
    expect(text.replayed).toBe(false);
    first = text.body as unknown as ExternalSendAnswer;
    expect(first).toMatchObject({ number: `+${CUSTOMER}` });
    expect(first.messageIds).toHaveLength(1);

    const media = await externalSend(stack, connectionToken, {
      number: CUSTOMER,
      body: CAPTION,
      file: PICTURE,
      idempotencyKey: 'pedido-4521-nota',
    });
    expect(media.status, JSON.stringify(media.body)).toBe(201);
    const mediaAnswer = media.body as unknown as ExternalSendAnswer;
    // One conversation: the same contact and ticket; the caption first, then the file.
    expect(mediaAnswer).toMatchObject({ contactId: first.contactId, ticketId: first.ticketId });
    expect(mediaAnswer.messageIds).toHaveLength(2);

    await waitUntil('the phone to show all three', async () => (await phone()).length >= 3, 30_000);
    const received = await phone();
    expect(received.map((m) => m.text)).toEqual([TEXT, CAPTION, '']);
    expect(received[2]!.media).toMatchObject({ kind: 'image', mimetype: 'image/png', fileName: PICTURE.name });
    expect(received.every((m) => !m.failure)).toBe(true);

    // The admin's ticket workspace shows the same conversation: waiting, accepted, then open.
    const row = desk!.locator(`[data-testid="ticket-row"][data-ticket-id="${first.ticketId}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('data-status')).toBe('pending');
    await row.getByRole('button', { name: 'Aceitar' }).click();
    await desk!.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    ticketPath = new URL(desk!.url()).pathname;
    const conversation = desk!.getByTestId('conversation');
    await conversation.getByTestId('message').filter({ hasText: TEXT }).waitFor({ timeout: 60_000 });
    await conversation.getByTestId('message').filter({ hasText: CAPTION }).waitFor();
    await conversation.getByTestId('media-image').waitFor();
    await settle(desk!);
    await screenshot(desk!, 'external-api-journey-ticket-light');
  });

  it('a retry with the same Idempotency-Key sends nothing and answers the first result; bad calls get their codes', async () => {
    const retry = await externalSend(stack, connectionToken, {
      number: CUSTOMER,
      body: TEXT,
      idempotencyKey: 'pedido-4521-texto',
    });
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBe(true);
    expect(retry.body).toEqual(first);

    const reused = await externalSend(stack, connectionToken, {
      number: CUSTOMER,
      body: 'outro texto',
      idempotencyKey: 'pedido-4521-texto',
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('ERR_IDEMPOTENCY_KEY_REUSED');

    const wrongToken = await externalSend(stack, `${connectionToken.slice(0, -4)}zzzz`, { number: CUSTOMER, body: TEXT });
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body.error).toBe('ERR_INVALID_CREDENTIALS');

    const badNumber = await externalSend(stack, connectionToken, { number: '5511', body: TEXT });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { number: 'validation.externalApi.invalidNumber' },
    });

    // A late second send would land within seconds: the phone still shows the three messages.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await phone()).map((m) => m.text)).toEqual([TEXT, CAPTION, '']);
  });

  it('/apidocs explains the API on a desk; on a phone in dark mode its test form sends for real', async () => {
    await desk!.goto(`${stack.url}/apidocs`);
    await desk!.getByRole('heading', { name: 'Documentação da API' }).waitFor({ timeout: 60_000 });
    await desk!.getByText(`${stack.apiUrl}/messages/send`).first().waitFor();
    await settle(desk!);
    await screenshot(desk!, 'external-api-journey-apidocs-light');
    await desk!.context().close();
    desk = undefined;

    const page = await newPage(browser, PHONE);
    await signIn(page, stack, admin);
    await page.goto(`${stack.url}/apidocs`);
    await page.getByRole('heading', { name: 'Documentação da API' }).waitFor({ timeout: 60_000 });
    expect(await noHorizontalScroll(page)).toBe(true);
    await settle(page);
    await screenshot(page, 'external-api-journey-apidocs-phone-dark');

    const form = page.getByTestId('text-test-form');
    const tested = `Teste pela documentação (${Date.now().toString(36)})`;
    await form.getByTestId('text-token').fill(connectionToken);
    await form.getByTestId('text-number').fill(CUSTOMER);
    await form.getByTestId('text-body').fill(tested);
    await form.getByTestId('text-send').click();
    await form.getByTestId('text-answer').filter({ hasText: first.ticketId }).waitFor({ timeout: 30_000 });
    await waitUntil('the tested text on the phone', async () => (await phone()).some((m) => m.text === tested), 30_000);
    await form.getByTestId('text-answer').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'external-api-journey-apidocs-answer-phone-dark');

    await page.goto(`${stack.url}${ticketPath}`);
    const conversation = page.getByTestId('conversation');
    await conversation.getByTestId('message').filter({ hasText: tested }).waitFor({ timeout: 60_000 });
    await conversation.getByTestId('media-image').waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await settle(page);
    await screenshot(page, 'external-api-journey-ticket-phone-dark');
    expect((await phone()).map((m) => m.text)).toEqual([TEXT, CAPTION, '', tested]);
  });
});
