/**
 * The internal chat journey (issue 27 "What it must show", third bullet; issue 31 §2) in Chromium
 * against the local stack: the admin, on a desk in light mode, creates a chat with the operator in
 * /chats and writes; the operator, on a phone in dark mode, sees the top bar's badge, the menu's dot
 * and the chat's unread badge arrive live, opens it, reads the message and replies; the admin sees
 * the reply live. A third user of the same company, not a member, holds an open socket the whole
 * time: judged on the frames it carried, it receives nothing of the chat (spec part 3 §4 "Chat live
 * updates": members only) — while a chat it does belong to reaches it (the socket was live).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDto } from '@atende/shared';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { stopAfterFirstFailure } from './support/journey-steps';
import { openFrameLog, type FrameLog } from './support/frame-log';
import { api, builtConsole, loginToken, settle, signIn, type Credentials, waitUntil } from './support/local-stack';

const RUN = Date.now().toString(36);
const TITLE = `Plantão de sábado ${RUN}`;
const QUESTION = `Você cobre o plantão de sábado? (${RUN})`;
const ANSWER = `Cubro sim, das 8h às 14h. (${RUN})`;
const OTHER_TITLE = `Avisos gerais ${RUN}`;
const OUTSIDER = { name: 'Bruno Fora', email: `bruno.${RUN}@demo.local`, password: 'segredo12' };
const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true } as const;

let stack: LocalStack;
let browser: Browser;
let desk: Page | undefined;
let phone: Page | undefined;
let admin: Credentials;
let operator: Credentials;
let adminToken = '';
let outsider: FrameLog;
let chatId = '';

function seeded(role: 'admin' | 'operator'): Credentials {
  const login = stack.seeded.logins.find((candidate) => candidate.role === role);
  if (!login?.password) throw new Error(`the local stack has no ${role} login`);
  return { email: login.email, password: login.password };
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('internal chat: two users talk live, a third receives no frame of it', () => {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ ...builtConsole(), sessionHost: false }), launchBrowser()]);
    admin = seeded('admin');
    operator = seeded('operator');
    // API token before the browser's sign-in (a later sign-in of the same user is another device).
    adminToken = await loginToken(stack, admin);
    await api(stack, adminToken, 'POST', '/users', { ...OUTSIDER, profile: 'user' });
    outsider = await openFrameLog(stack, OUTSIDER);
  });

  stopAfterFirstFailure('internal-chat-journey', () => ({ desk, phone }));
  afterAll(async () => {
    outsider?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('the operator waits on a phone in dark mode; the admin creates a chat with them in /chats and writes', async () => {
    phone = await newPage(browser, PHONE);
    await signIn(phone, stack, operator);
    await phone.goto(`${stack.url}/chats`);
    await phone.getByTestId('chats-page').waitFor({ timeout: 90_000 });
    await phone.getByText('Nenhuma conversa ainda.').waitFor();

    desk = await newPage(browser, { colorScheme: 'light' });
    await signIn(desk, stack, admin);
    await desk.goto(`${stack.url}/chats`);
    await desk.getByTestId('chat-new').click({ timeout: 90_000 });
    const dialog = desk.getByTestId('chat-dialog');
    await dialog.getByTestId('chat-title').fill(TITLE);
    await dialog.getByRole('combobox').click();
    await desk.getByRole('option', { name: 'Operador Demo' }).click();
    await dialog.getByRole('heading', { name: 'Conversa' }).click(); // closes the picker, not the dialog
    await settle(desk);
    await screenshot(desk, 'internal-chat-journey-dialog-light');
    await dialog.getByTestId('chat-save').click();
    await desk.waitForURL(/\/chats\/[0-9A-Za-z-]{20,}$/);
    chatId = new URL(desk.url()).pathname.split('/').pop()!;
    await desk.getByTestId('chat-open-title').filter({ hasText: TITLE }).waitFor();

    await desk.getByTestId('chat-input').fill(QUESTION);
    await desk.keyboard.press('Enter');
    await desk.getByTestId('chat-bubble').filter({ hasText: QUESTION }).waitFor();
    expect(await desk.getByTestId('chat-bubble').filter({ hasText: QUESTION }).getAttribute('data-own')).toBe('true');
  });

  it('on the phone the chat, its unread badge, the top bar’s badge and the menu’s dot arrive live; the operator replies', async () => {
    const page = phone!;
    const row = page.getByTestId('chat-row').filter({ hasText: TITLE });
    await row.getByTestId('chat-unread').filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => row.innerText()).toContain(QUESTION);
    await page.getByTestId('chats-trigger').getByTestId('chats-unread').filter({ hasText: '1' }).waitFor();
    await settle(page);
    await screenshot(page, 'internal-chat-journey-unread-phone-dark');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByTestId('chats-unread-dot').waitFor();
    await settle(page);
    await screenshot(page, 'internal-chat-journey-unread-menu-phone-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('chats-unread-dot').waitFor({ state: 'hidden' });
    expect(await noHorizontalScroll(page)).toBe(true);
    // The 'Novo' button sits inside the tab bar, clear of the panel's border (it used to fill the bar's height).
    const panel = (await page.getByTestId('chats-page').boundingBox())!;
    const newButton = (await page.getByTestId('chat-new').boundingBox())!;
    expect(newButton.y - panel.y).toBeGreaterThanOrEqual(2);
    expect(panel.x + panel.width - (newButton.x + newButton.width)).toBeGreaterThanOrEqual(4);

    await row.getByRole('button').first().click();
    await page.waitForURL(new RegExp(`/chats/${chatId}$`));
    const question = page.getByTestId('chat-bubble').filter({ hasText: QUESTION });
    await question.waitFor();
    expect(await question.getAttribute('data-own')).toBeNull();
    // Opening it reads it: the badges go.
    await page.getByTestId('chats-trigger').getByTestId('chats-unread').waitFor({ state: 'detached', timeout: 15_000 });

    await page.getByTestId('chat-input').fill(ANSWER);
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-bubble').filter({ hasText: ANSWER }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await settle(page);
    await screenshot(page, 'internal-chat-journey-conversation-phone-dark');
  });

  it('the admin sees the reply live in the open chat', async () => {
    const page = desk!;
    const reply = page.getByTestId('chat-bubble').filter({ hasText: ANSWER });
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.getAttribute('data-own')).toBeNull();
    await expect.poll(() => page.getByTestId('chat-row').filter({ hasText: TITLE }).innerText()).toContain(ANSWER);
    await settle(page);
    await screenshot(page, 'internal-chat-journey-conversation-light');
  });

  it('the third user’s socket carried no frame of the chat, and a chat it belongs to does reach it', async () => {
    const marks = [chatId, TITLE, QUESTION, ANSWER];
    expect(outsider.mentioning(marks)).toEqual([]);

    // The same socket is live and subscribed: a chat with the third user as a member reaches it.
    const other = await api<ChatDto>(stack, adminToken, 'POST', '/chats', {
      title: OTHER_TITLE,
      users: [{ id: outsider.userId, name: OUTSIDER.name }],
    });
    await api(stack, adminToken, 'POST', `/chats/${other.id}/messages`, { message: 'Bem-vindo, Bruno!' });
    await waitUntil('the member chat on the third socket', async () => outsider.mentioning([other.id]).length >= 2, 15_000);
    expect(outsider.mentioning(marks)).toEqual([]);
    console.info(`third user's socket: ${outsider.frames.length} frames, none of the chat it is not in`);
  });
});
