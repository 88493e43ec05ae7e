/**
 * "A company runs itself" (issue 26's must-show) in Chromium against the whole local stack, as a new
 * customer of the platform does it: a company fresh from /signup builds two queues and a nested menu in
 * /queues, a simulated customer walks the menu into the right queue; a quick reply with an attachment
 * made in /quick-messages reaches the phone through '/' in the ticket; userRating on, resolve, the
 * customer answers 3 and the dashboard shows it; scheduleType 'queue' with hours that exclude now gives
 * the queue's out-of-hours message. Judged from outside: what the phone received, what the console
 * shows. Screenshots land in e2e/screenshots/ (desk, and a 390 px phone in dark mode).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimMessageView } from '@atende/shared';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { stopAfterFirstFailure } from './support/journey-steps';
import {
  api,
  builtConsole,
  loginToken,
  scannedConnection,
  settle,
  signIn,
  signUpCompany,
  simulator,
  type Credentials,
} from './support/local-stack';

const COMPANY = `Doceria Alegria ${Date.now().toString(36)}`;
const MENU_CUSTOMER = { name: 'Bia Cliente', number: '5511987651001' };
const LATE_CUSTOMER = { name: 'Caio Noturno', number: '5511987651002' };
const SALES = { name: 'Vendas', greeting: 'Olá {{name}}! Bem-vindo às Vendas.', outOfHours: 'Vendas fechadas agora.' };
const SUPPORT = {
  name: 'Suporte',
  greeting: 'Suporte aqui, conte o que houve.',
  outOfHours: 'Nosso suporte está fora do horário. Voltamos amanhã!',
};
const CONNECTION = {
  name: 'Loja Principal',
  greetingMessage: 'Olá! Escolha um departamento:',
  ratingMessage: 'Como foi o seu atendimento?',
  complationMessage: 'Obrigado pela avaliação!',
};
const QUICK_REPLY = { shortcode: 'cardapio', message: 'Segue o nosso cardápio de festas.', file: 'cardapio.pdf' };

let stack: LocalStack;
let browser: Browser;
let admin: Credentials;
let adminToken = '';
let connectionId = '';
/** The console on a desk, signed in as the new company's admin; the tests below go on from each other. */
let desk: Page;

const phoneOf = async (customer: typeof MENU_CUSTOMER): Promise<SimMessageView[]> =>
  (
    await simulator<{ messages: SimMessageView[] }>(
      stack,
      adminToken,
      'GET',
      `/connections/${connectionId}/contacts/${customer.number}/messages`,
    )
  ).messages;

const customerWrites = (customer: typeof MENU_CUSTOMER, text: string) =>
  simulator(stack, adminToken, 'POST', `/connections/${connectionId}/contacts/${customer.number}/messages`, { text });

/** Waits until the phone holds a message from the business that contains `text`, and returns it. */
async function phoneReceives(customer: typeof MENU_CUSTOMER, text: string): Promise<SimMessageView> {
  const find = async () =>
    (await phoneOf(customer)).find((message) => message.from === 'business' && message.text.includes(text));
  await expect.poll(async () => (await find()) !== undefined, { timeout: 20_000 }).toBe(true);
  return (await find())!;
}

/** The number a menu the phone received gives to `title` (`*2* - Suporte`), read as the customer reads it. */
function numberOf(menu: SimMessageView, title: string): string {
  const line = menu.text.split('\n').find((candidate) => candidate.endsWith(`- ${title}`));
  if (!line) throw new Error(`"${title}" is not in the menu:\n${menu.text}`);
  return line.match(/\*(\d+)\*/)![1]!;
}

const phoneDark = () =>
  newPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true });

/** The queue dialog's own Save (the menu's option forms have their own). */
const saveQueue = (dialog: Locator) => dialog.locator('button[type="submit"][form="queue-form"]').click();

async function addOption(level: Locator, dialog: Locator, option: { title: string; message: string }): Promise<void> {
  await level.click();
  const form = dialog.locator('form[data-testid^="new-option-"]');
  await form.getByLabel('Título').fill(option.title);
  await form.getByLabel('Mensagem', { exact: true }).fill(option.message);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await form.waitFor({ state: 'detached', timeout: 10_000 });
  await dialog.getByTestId('menu-option').filter({ hasText: option.title }).first().waitFor();
}

describe('a company runs itself: queues and menu, hours, rating, quick replies', () => {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ ...builtConsole(), sessionHost: true }), launchBrowser()]);
  });

  stopAfterFirstFailure('company-setup', () => ({ '': desk }));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a company fresh from /signup builds two queues with a nested menu in /queues', async () => {
    desk = await newPage(browser, { colorScheme: 'light' });
    admin = await signUpCompany(desk, stack, COMPANY);
    adminToken = await loginToken(stack, admin);
    await signIn(desk, stack, admin);

    await desk.goto(`${stack.url}/queues`);
    await desk.getByText('Nenhuma fila ainda').waitFor({ timeout: 60_000 });
    await settle(desk);
    await screenshot(desk, 'company-setup-queues-empty-light');

    for (const [index, queue] of [SALES, SUPPORT].entries()) {
      await desk.getByTestId('add-queue').first().click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByLabel('Nome').fill(queue.name);
      // The palette lies in rows across the dialog (it once was one swatch per line, down the dialog).
      const swatches = dialog.getByRole('radio');
      const [first, second] = [await swatches.nth(0).boundingBox(), await swatches.nth(1).boundingBox()];
      expect(second!.y).toBeLessThan(first!.y + first!.height / 2); // (the dialog may still be animating in)
      await swatches.nth(index * 3).click();
      await dialog.getByLabel('Mensagem de saudação').fill(queue.greeting);
      await dialog.getByLabel('Mensagem de fora de expediente').fill(queue.outOfHours);
      await saveQueue(dialog);
      // A new queue stays open after its first save, its menu editor ready.
      await dialog.getByTestId('queue-menu-editor').waitFor({ timeout: 15_000 });
      if (queue === SALES) {
        await addOption(dialog.getByRole('button', { name: 'Adicionar opção' }), dialog, {
          title: 'Encomendas',
          message: 'Que tipo de encomenda?',
        });
        await addOption(dialog.getByRole('button', { name: 'Adicionar opção' }), dialog, {
          title: 'Endereço da loja',
          message: 'Rua das Flores, 100.',
        });
        await dialog.getByRole('button', { name: 'Mostrar subopções de Encomendas' }).click();
        for (const child of [
          { title: 'Bolo de aniversário', message: 'Ótimo! Um atendente já fala com você.' },
          { title: 'Doces para festa', message: 'Um atendente de doces já fala com você.' },
        ]) {
          await addOption(dialog.getByRole('button', { name: 'Adicionar subopção' }), dialog, child);
        }
        await settle(desk);
        await screenshot(desk, 'company-setup-queue-menu-light');
      }
      await dialog.getByRole('button', { name: 'Cancelar' }).last().click();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    }
    await expect.poll(() => desk.getByTestId('queue-row').count()).toBe(2);
    await settle(desk);
    await screenshot(desk, 'company-setup-queues-light');
  });

  it('attaches both queues to a simulated connection; the customer walks the menu into Vendas', async () => {
    const queues = await api<{ id: string; name: string }[]>(stack, adminToken, 'GET', '/queue');
    const connection = await scannedConnection(stack, adminToken, {
      ...CONNECTION,
      isDefault: true,
      queueIds: queues.map((queue) => queue.id),
    });
    connectionId = connection.id;
    await simulator(stack, adminToken, 'POST', `/connections/${connectionId}/contacts`, MENU_CUSTOMER);

    await customerWrites(MENU_CUSTOMER, 'Oi, boa tarde');
    const queueMenu = await phoneReceives(MENU_CUSTOMER, CONNECTION.greetingMessage);
    expect(queueMenu.text).toContain(`- ${SUPPORT.name}`);
    await customerWrites(MENU_CUSTOMER, numberOf(queueMenu, SALES.name));
    const salesMenu = await phoneReceives(MENU_CUSTOMER, `Olá ${MENU_CUSTOMER.name}! Bem-vindo às Vendas.`);
    await customerWrites(MENU_CUSTOMER, numberOf(salesMenu, 'Encomendas'));
    const ordersMenu = await phoneReceives(MENU_CUSTOMER, 'Que tipo de encomenda?');
    expect(ordersMenu.text).toContain('- Voltar');
    await customerWrites(MENU_CUSTOMER, numberOf(ordersMenu, 'Doces para festa'));
    await phoneReceives(MENU_CUSTOMER, 'Um atendente de doces já fala com você.');

    // The console shows the ticket waiting in Vendas.
    await desk.goto(`${stack.url}/tickets`);
    await desk.getByTestId('tab-pending').click({ timeout: 60_000 });
    const row = desk.getByTestId('ticket-row').filter({ hasText: MENU_CUSTOMER.name });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('queue-colour').getAttribute('title')).toBe(SALES.name);
  });

  it('a quick reply with an attachment from /quick-messages reaches the phone through "/" in the ticket', async () => {
    await desk.goto(`${stack.url}/quick-messages`);
    await desk.getByTestId('quick-messages-add').click({ timeout: 60_000 });
    const dialog = desk.getByTestId('quick-message-dialog');
    await dialog.getByTestId('quick-message-shortcode').fill(QUICK_REPLY.shortcode);
    await dialog.getByTestId('quick-message-message').fill(QUICK_REPLY.message);
    await dialog.getByTestId('quick-message-file-input').setInputFiles({
      name: QUICK_REPLY.file,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 cardápio de festas'),
    });
    await dialog.getByTestId('quick-message-pending-file').filter({ hasText: QUICK_REPLY.file }).waitFor();
    await dialog.getByTestId('quick-message-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const listed = desk.getByTestId('quick-message-row').filter({ hasText: QUICK_REPLY.shortcode });
    await listed.waitFor({ timeout: 10_000 });
    expect(await listed.getByTestId('quick-message-files').innerText()).toContain(QUICK_REPLY.file);
    await settle(desk);
    await screenshot(desk, 'company-setup-quick-messages-light');

    await desk.goto(`${stack.url}/tickets`);
    await desk.getByTestId('tab-pending').click({ timeout: 60_000 });
    const row = desk.getByTestId('ticket-row').filter({ hasText: MENU_CUSTOMER.name });
    await row.getByRole('button', { name: 'Aceitar' }).click({ timeout: 20_000 });
    await desk.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const input = desk.getByTestId('message-textarea');
    await input.click();
    await input.pressSequentially(`/${QUICK_REPLY.shortcode.slice(0, 4)}`, { delay: 30 });
    await desk.getByTestId('quick-reply').filter({ hasText: QUICK_REPLY.shortcode }).click({ timeout: 10_000 });
    await desk.getByTestId('quick-reply-files').filter({ hasText: QUICK_REPLY.file }).waitFor();
    expect(await input.inputValue()).toBe(QUICK_REPLY.message);
    await settle(desk);
    await screenshot(desk, 'company-setup-quick-reply-picked-light');
    await input.press('Enter');

    await expect
      .poll(
        async () =>
          (await phoneOf(MENU_CUSTOMER)).some(
            (message) => message.from === 'business' && message.media?.fileName === QUICK_REPLY.file,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await phoneReceives(MENU_CUSTOMER, QUICK_REPLY.message);
  });

  it('with userRating on, resolving asks for a rating; the customer answers 3 and the dashboard shows it', async () => {
    const ticketUrl = desk.url();
    await desk.goto(`${stack.url}/settings`);
    const toggle = desk.getByTestId('setting-userRating');
    await toggle.waitFor({ timeout: 60_000 });
    await toggle.click();
    await desk.getByText('Parâmetro atualizado com sucesso.').first().waitFor({ timeout: 10_000 });

    await desk.goto(ticketUrl);
    await desk.getByTestId('action-resolve').click({ timeout: 60_000 });
    await desk.waitForURL((url) => url.pathname === '/tickets');
    const question = await phoneReceives(MENU_CUSTOMER, CONNECTION.ratingMessage);
    expect(question.text).toContain('*3* - Muito satisfeito');
    await customerWrites(MENU_CUSTOMER, '3');
    await phoneReceives(MENU_CUSTOMER, CONNECTION.complationMessage);

    await desk.goto(`${stack.url}/`);
    const attendant = desk.getByTestId('attendant-row').filter({ hasText: 'Ana Gestora' });
    await expect
      .poll(
        async () => {
          await desk.reload();
          return attendant
            .getByTestId('stars')
            .getAttribute('title', { timeout: 15_000 })
            .catch(() => null);
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe('3');
    // The tickets-per-hour chart draws the ticket of today (its chunk loads after the figures).
    await desk.getByTestId('dashboard-chart').locator('.recharts-bar-rectangle').first().waitFor({ timeout: 20_000 });
    await settle(desk);
    await screenshot(desk, 'company-setup-dashboard-light');
    await attendant.scrollIntoViewIfNeeded();
    await screenshot(desk, 'company-setup-dashboard-attendants-light');
  });

  it('scheduleType "queue" with hours that exclude now gives the queue’s out-of-hours message', async () => {
    await desk.goto(`${stack.url}/settings`);
    await desk.getByTestId('setting-scheduleType').selectOption('queue', { timeout: 60_000 });
    await desk.getByText('Parâmetro atualizado com sucesso.').first().waitFor({ timeout: 10_000 });

    await desk.goto(`${stack.url}/queues`);
    await desk
      .getByTestId('queue-row')
      .filter({ hasText: SUPPORT.name })
      .getByRole('button', { name: 'Editar' })
      .click({ timeout: 60_000 });
    const dialog = desk.getByRole('dialog');
    await dialog.getByTestId('queue-tab-hours').click({ timeout: 15_000 });
    // Every day closed (end not after start): whatever the time now, it is outside.
    const week = dialog.getByTestId('week-hours');
    for (const field of await week.locator('input').all()) await field.fill('00:00');
    await settle(desk);
    await screenshot(desk, 'company-setup-queue-hours-light');
    await saveQueue(dialog);
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    await simulator(stack, adminToken, 'POST', `/connections/${connectionId}/contacts`, LATE_CUSTOMER);
    await customerWrites(LATE_CUSTOMER, 'Boa noite, preciso de ajuda');
    const queueMenu = await phoneReceives(LATE_CUSTOMER, CONNECTION.greetingMessage);
    await customerWrites(LATE_CUSTOMER, numberOf(queueMenu, SUPPORT.name));
    await phoneReceives(LATE_CUSTOMER, SUPPORT.outOfHours);
    expect((await phoneOf(LATE_CUSTOMER)).some((message) => message.text.includes(SUPPORT.greeting))).toBe(false);
  });

  it('the queues page, settings and dashboard work on a 390 px phone in dark mode', async () => {
    const page = await phoneDark();
    await signIn(page, stack, admin);
    const views = [
      { path: '/queues', ready: page.getByTestId('queue-row').first(), name: 'company-setup-queues-phone-dark' },
      { path: '/settings', ready: page.getByTestId('company-options'), name: 'company-setup-settings-phone-dark' },
      { path: '/', ready: page.getByTestId('attendant-row').first(), name: 'company-setup-dashboard-phone-dark' },
    ];
    for (const view of views) {
      await page.goto(`${stack.url}${view.path}`);
      await view.ready.waitFor({ timeout: 60_000 });
      await settle(page);
      // Nothing wider than the phone: the page itself does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, view.name);
    }
    // The attendants table, with the rating, further down the phone's dashboard.
    await page.getByTestId('attendant-row').first().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'company-setup-dashboard-attendants-phone-dark');
    await page.context().close();
  });
});
