/**
 * The ticket workspace's main flow on the whole local stack: a customer writes from the simulator,
 * the operator sees the ticket arrive in 'Aguardando' without a reload, accepts it, replies, and the
 * customer's phone receives the reply with its acks (and the console shows the read ticks). Then the
 * same workspace on a 390 px phone in dark mode. Screenshots land in e2e/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueDto, SimMessageView } from '@atende/shared';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { launchBrowser, newPage, screenshot } from './support/browser';
import {
  api as callApi,
  builtConsole,
  loginToken,
  scannedConnection,
  settle,
  signIn as signInAs,
  simulator as callSimulator,
  type Credentials,
} from './support/local-stack';

const CUSTOMER = { name: 'Maria Cliente', number: '5511987650001' };
const LATE_CUSTOMER = { name: 'Rui Tardio', number: '5511987650002' };

let stack: LocalStack;
let browser: Browser;
let connectionId: string;
/** The admin's access token: the simulator's control API serves only a signed-in console user (issue 8 item 7). */
let simulatorToken = '';

const api = <T>(token: string, method: string, path: string, body?: unknown) => callApi<T>(stack, token, method, path, body);
const simulator = <T>(method: string, path: string, body?: unknown) =>
  callSimulator<T>(stack, simulatorToken, method, path, body);

async function login(role: 'admin' | 'operator'): Promise<{ email: string; password: string; token: string }> {
  const seeded = stack.seeded.logins.find((candidate) => candidate.role === role);
  if (!seeded?.password) throw new Error(`no seeded ${role} login`);
  const credentials = { email: seeded.email, password: seeded.password };
  return { ...credentials, token: await loginToken(stack, credentials) };
}

const signIn = (page: Page, credentials: Credentials) => signInAs(page, stack, credentials);

/** A WhatsApp connection serving one queue of the operator, scanned on the simulated phone. */
async function connectedConnection(adminToken: string): Promise<string> {
  const queues = await api<QueueDto[]>(adminToken, 'GET', '/queue');
  const created = await scannedConnection(stack, adminToken, {
    name: 'Loja Centro',
    isDefault: true,
    queueIds: [queues[0]!.id],
  });
  return created.id;
}

const customerWrites = (customer: typeof CUSTOMER, text: string) =>
  simulator('POST', `/connections/${connectionId}/contacts/${customer.number}/messages`, { text });

const phoneOf = async (customer: typeof CUSTOMER) =>
  (
    await simulator<{ messages: SimMessageView[] }>(
      'GET',
      `/connections/${connectionId}/contacts/${customer.number}/messages`,
    )
  ).messages;

describe('ticket workspace: customer → pending → accept → reply', () => {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ ...builtConsole(), sessionHost: true }), launchBrowser()]);
    const admin = await login('admin');
    simulatorToken = admin.token;
    connectionId = await connectedConnection(admin.token);
    for (const customer of [CUSTOMER, LATE_CUSTOMER]) {
      await simulator('POST', `/connections/${connectionId}/contacts`, customer);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a customer message in the operator’s pending list live; accepting and replying reach the phone with acks', async () => {
    const operator = await login('operator');
    await customerWrites(CUSTOMER, 'Olá, bom dia!');

    const page = await newPage(browser, { colorScheme: 'light' });
    await signIn(page, operator);
    await page.goto(`${stack.url}/tickets`);
    await page.getByTestId('tab-pending').click({ timeout: 90_000 });
    const maria = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name });
    await maria.waitFor({ timeout: 30_000 });
    expect(await maria.getAttribute('data-status')).toBe('pending');
    await expect.poll(() => maria.getByTestId('unread-count').textContent()).toBe('1');

    // A second customer writes while the list is on screen: the row arrives without a reload.
    const writtenAt = Date.now();
    await customerWrites(LATE_CUSTOMER, 'Vocês entregam no centro?');
    const rui = page.getByTestId('ticket-row').filter({ hasText: LATE_CUSTOMER.name });
    await rui.waitFor({ timeout: 10_000 });
    const liveAfterMs = Date.now() - writtenAt;
    console.log(`pending row shown ${liveAfterMs} ms after the customer wrote`);
    expect(liveAfterMs).toBeLessThan(5_000);
    await expect.poll(() => page.getByTestId('count-pending').textContent()).toBe('2');
    await settle(page);
    await screenshot(page, 'tickets-pending-light');

    // A click on a pending row does not open it; Accept does.
    await maria.getByTestId('ticket-name').click();
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await maria.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const conversation = page.getByTestId('conversation');
    await conversation.getByTestId('message').filter({ hasText: 'Olá, bom dia!' }).waitFor();
    await expect.poll(() => page.getByTestId('count-assigned').textContent()).toBe('1');

    const reply = `Bom dia, Maria! Em que posso ajudar? (${Date.now()})`;
    await page.getByTestId('message-textarea').fill(reply);
    await page.keyboard.press('Enter');

    // The customer's phone gets it, signed, and the acks climb to read.
    await expect
      .poll(
        async () =>
          (await phoneOf(CUSTOMER)).find((message) => message.from === 'business' && message.text.includes(reply))?.ack ??
          -1,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThanOrEqual(3);
    const delivered = (await phoneOf(CUSTOMER)).find((message) => message.text.includes(reply))!;
    expect(delivered.text).toContain('Operador Demo');

    // The console's bubble follows the acks (read: ✓✓).
    const bubble = conversation.getByTestId('message').filter({ hasText: reply });
    await expect
      .poll(async () => Number(await bubble.getByTestId('ack').getAttribute('data-ack')), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);

    // The customer answers: it lands in the open conversation live.
    await customerWrites(CUSTOMER, 'Quero encomendar um bolo');
    await conversation.getByTestId('message').filter({ hasText: 'Quero encomendar um bolo' }).waitFor({ timeout: 10_000 });
    await settle(page);
    await screenshot(page, 'tickets-conversation-light');
    await page.context().close();
  });

  it('works on a 390 px phone in dark mode: two tabs, Ticket and Atendimentos', async () => {
    const operator = await login('operator');
    const page = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, operator);
    await page.goto(`${stack.url}/tickets`);
    await page.getByTestId('mobile-tab-tickets').click({ timeout: 90_000 });
    const row = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name });
    await row.waitFor({ timeout: 30_000 });
    await settle(page);
    await screenshot(page, 'tickets-list-phone-dark');

    await row.click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId('conversation').getByTestId('message').first().waitFor();
    expect(await page.getByTestId('mobile-tab-ticket').getAttribute('aria-selected')).toBe('true');
    await settle(page);
    await screenshot(page, 'tickets-conversation-phone-dark');

    // Resolve from the phone: the ticket leaves the open list.
    await page.getByTestId('action-resolve').click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.getByTestId('mobile-tab-tickets').click();
    await page.getByTestId('tab-closed').click();
    await page.getByTestId('ticket-row').filter({ hasText: CUSTOMER.name }).waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  it('schedules a message with an attachment from /schedules: uploaded straight to storage, listed, usable on a phone', async () => {
    const admin = await login('admin');
    const page = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'light',
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, admin);
    await page.goto(`${stack.url}/schedules`);
    await page.getByTestId('schedules-add').click({ timeout: 90_000 });
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.getByTestId('schedule-contact-search').fill('Maria');
    await dialog.getByTestId('schedule-contact-option').filter({ hasText: CUSTOMER.name }).click({ timeout: 10_000 });
    const body = `Lembrete do pedido de bolo (${Date.now()})`;
    await dialog.getByTestId('schedule-body').fill(body);
    await dialog.getByTestId('schedule-file-input').setInputFiles({
      name: 'orcamento.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 orçamento do bolo'),
    });
    await dialog.getByTestId('schedule-pending-file').filter({ hasText: 'orcamento.pdf' }).waitFor();
    await dialog.getByTestId('schedule-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    const row = page.getByTestId('schedule-row').filter({ hasText: CUSTOMER.name });
    await row.first().waitFor({ timeout: 10_000 });
    const listed = await api<{ schedules: { body: string; mediaName: { originalName: string; url: string }[] }[] }>(
      admin.token,
      'GET',
      '/schedules?searchParam=bolo',
    );
    const saved = listed.schedules.find((s) => s.body === body)!;
    expect(saved.mediaName.map((m) => m.originalName)).toEqual(['orcamento.pdf']);
    const download = await fetch(saved.mediaName[0]!.url);
    expect(await download.text()).toBe('%PDF-1.4 orçamento do bolo');
    await settle(page);
    await screenshot(page, 'schedules-phone-light');
    await page.context().close();
  });
});
