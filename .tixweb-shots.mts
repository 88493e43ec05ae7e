import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3917';
const [email, password, mode = 'light', width = '1366', height = '820', tag = 'desk'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) }, colorScheme: mode as 'light' | 'dark', locale: 'pt-BR', isMobile: Number(width) < 500, hasTouch: Number(width) < 500 });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 300)); });
await page.goto(`${base}/login`);
await page.getByLabel('E-mail').fill(email!);
await page.getByLabel('Senha', { exact: true }).fill(password!);
await page.getByRole('button', { name: 'Acessar' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
await page.goto(`${base}/tickets`);
await page.getByTestId('tickets-manager').waitFor({ timeout: 60000 });
await page.waitForTimeout(1500);
const out = (name: string) => `/tmp/tixweb-shots/${tag}-${mode}-${name}.png`;
if (Number(width) < 900) await page.getByTestId('mobile-tab-tickets').click();
await page.screenshot({ path: out('1-open') });
await page.getByTestId('tab-pending').click();
await page.waitForTimeout(800);
await page.screenshot({ path: out('2-pending') });
const steps = process.env.STEPS ?? '';
if (steps.includes('accept')) {
  await page.getByTestId('ticket-row').filter({ hasText: process.env.WHO ?? 'Maria' }).getByRole('button', { name: 'Aceitar' }).click();
  await page.getByTestId('conversation').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out('3-conversation') });
  if (steps.includes('reply')) {
    await page.getByTestId('message-textarea').fill('Olá! O bolo de chocolate custa R$ 45,00.');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(2500);
    await page.screenshot({ path: out('4-replied') });
    await page.getByTestId('message-textarea').fill('/');
    await page.waitForTimeout(800);
    await page.screenshot({ path: out('5-quick') });
    await page.getByTestId('message-textarea').fill('');
  }
}
if (steps.includes('drawer')) {
  await page.getByTestId('ticket-contact-name').click();
  await page.getByTestId('contact-drawer').waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: out('6-drawer') });
  await page.keyboard.press('Escape');
}
if (steps.includes('emoji')) {
  await page.getByRole('button', { name: 'Emojis' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out('7-emoji') });
  await page.keyboard.press('Escape');
}
if (steps.includes('new')) {
  if (Number(width) < 900) await page.getByTestId('mobile-tab-tickets').click();
  await page.getByTestId('new-ticket').click();
  await page.getByTestId('contact-search').fill('Mar');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out('8-new-ticket') });
  await page.keyboard.press('Escape');
}
if (steps.includes('bell')) {
  await page.getByTestId('notifications').click();
  await page.waitForTimeout(700);
  await page.screenshot({ path: out('9-bell') });
  await page.keyboard.press('Escape');
}
await browser.close();
