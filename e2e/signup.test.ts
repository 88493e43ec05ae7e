/**
 * The sign-up in a real browser against the whole local stack (spec part 1 §2 "Sign-up", §4
 * "Lead"): a visitor signs a company up at /signup, opens the confirmation e-mail's link from the
 * local /outbox, and signs in as the new company's admin. Screenshots land in e2e/screenshots/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtConsole } from './support/local-stack';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { launchBrowser, newPage, screenshot } from './support/browser';

let stack: LocalStack;
let browser: Browser;

describe('company sign-up', () => {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ ...builtConsole(), sessionHost: false }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('signs a company up, confirms it from the outbox and signs in as its admin', async () => {
    const page = await newPage(browser, { colorScheme: 'light' });
    const email = `maria.${Date.now().toString(36)}@azul.com.br`;
    const company = `Padaria Azul ${Date.now().toString(36)}`;

    await page.goto(`${stack.url}/signup`);
    await page.getByTestId('signup-form').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid^="plan-"]').first().waitFor();
    await screenshot(page, 'signup-light');

    await page.getByLabel('Nome da empresa').fill(company);
    // Typed as a person types, and faster: the masks format as they go and lose no key (issue 30 item 9).
    await page.getByLabel('CNPJ').pressSequentially('99888777000166', { delay: 0 });
    expect(await page.getByLabel('CNPJ').inputValue()).toBe('99.888.777/0001-66');
    await page.getByLabel('Telefone').pressSequentially('11999998888', { delay: 30 });
    expect(await page.getByLabel('Telefone').inputValue()).toBe('11 99999-8888');
    // A CNPJ copied from elsewhere, pasted over the one typed.
    await page.getByLabel('CNPJ').selectText();
    await page.keyboard.insertText('11.222.333/0001-81');
    expect(await page.getByLabel('CNPJ').inputValue()).toBe('11.222.333/0001-81');
    await page.getByLabel('Seu nome completo').fill('Maria da Silva');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('segredo1');
    await page.locator('[data-testid^="plan-"]').first().click();
    // The button waits for the terms.
    expect(await page.getByTestId('signup-submit').isDisabled()).toBe(true);
    await page.getByText('Li e aceito').click();
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-sent').waitFor({ timeout: 30_000 });

    await page.goto(`${stack.url}/outbox`);
    const mail = page.getByTestId('outbox-mail').filter({ hasText: email });
    await mail.waitFor({ timeout: 30_000 });
    await screenshot(page, 'outbox-light');
    const link = mail.getByTestId('outbox-link').first();
    expect(await link.getAttribute('href')).toContain('/signup?token=');
    await link.click();
    const outcome = page.getByTestId('signup-token-outcome');
    await outcome.waitFor({ timeout: 30_000 });
    expect(await outcome.innerText()).toBe('Sua conta foi ativada com sucesso, faça login.');

    await page.goto(`${stack.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo1');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await page.getByTestId('company-name').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('company-name').innerText()).toBe(company);

    // The new admin reaches the invoices screen (admins only).
    await page.goto(`${stack.url}/invoices`);
    await page.getByRole('heading', { name: 'Faturas' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'invoices-new-company-light');
  });
});
