/**
 * The outbound journey (issue 27 "What it must show", first bullet) in Chromium against the whole
 * local stack, as a new customer does it: a company fresh from /signup, campaigns switched on by a
 * super user, two simulated connections, fast pacing set in /campaigns-config; a 1,000-row .xlsx
 * (invalid numbers and duplicates among them) imported into a list with its per-row report; a
 * campaign of 3 messages to that list reaches FINALIZADA with delivered equal to valid.
 *
 * Confirmation: answering 1,000 confirmation requests would add 1,000 inbound conversations (tickets)
 * to the run, so the big campaign goes without it and a second, smaller one (same two connections, 3
 * messages and 3 confirmation messages) runs beside it, every simulated phone answering its request.
 * A third campaign (200 contacts) is stopped mid-way from the list page, the session host killed with
 * SIGKILL while it runs, then restarted from the list page until FINALIZADA.
 *
 * Proof from the simulator's phones (not from our records): every valid contact got exactly one main
 * message of each campaign (and one confirmation request where asked), invalid numbers got none.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionDto, ContactListDto, LoginResponse } from '@atende/shared';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { stopAfterFirstFailure } from './support/journey-steps';
import {
  campaignRowAction,
  createCampaignInConsole,
  createListInConsole,
  setPacingInConsole,
} from './support/campaign-console';
import { campaignNamed, campaignReport, enableCampaigns, UNPACED_CAMPAIGN_SETTINGS } from './support/company-campaigns';
import { contactSheetXlsx, mobileNumber, planContactSheet } from './support/contact-spreadsheet';
import { readPhoneLedger, receivedOf } from './support/phone-ledger';
import {
  api,
  builtConsole,
  scannedConnection,
  settle,
  signIn,
  signUpCompany,
  simulator,
  type Credentials,
  waitUntil,
} from './support/local-stack';

const COMPANY = `Loja Outubro ${Date.now().toString(36)}`;
const CONNECTIONS = ['Campanhas Norte', 'Campanhas Sul'];
/**
 * The engine sends about 1 message per second per connection locally, pacing at 0 (each pacer step is
 * one hop through the local SQS), so the must-show's 1,000 rows take ~8 minutes to send: that scale
 * runs with CAMPAIGN_JOURNEY_SCALE=full; `npm test` runs the same journey with 200 rows and 60 contacts.
 */
const FULL = process.env.CAMPAIGN_JOURNEY_SCALE === 'full';
const SCALE = FULL
  ? { rows: 1000, invalid: 20, duplicates: 6, stopped: 200, bigMs: 900_000 }
  : { rows: 200, invalid: 10, duplicates: 4, stopped: 60, bigMs: 240_000 };
const SHEET = planContactSheet(SCALE.rows, 1, SCALE.invalid, SCALE.duplicates);
const BIG = {
  name: 'Black Friday',
  listName: 'Clientes Black Friday',
  messages: [
    'Oi {nome}! A Black Friday começou. #BF1',
    'Olá {nome}, ofertas de até 70% hoje. #BF2',
    '{nome}, corre que acaba! #BF3',
  ],
};
const CONFIRMED = {
  name: 'Convite VIP',
  listName: 'Clientes VIP',
  numbers: Array.from({ length: 20 }, (_, i) => mobileNumber(2, i + 1)),
  messages: [
    '{nome}, seu convite VIP chegou. #VIP1',
    'Convite VIP para {nome}. #VIP2',
    'Bem-vindo à noite VIP, {nome}. #VIP3',
  ],
  confirmationMessages: [
    '{nome}, quer receber o convite? Responda SIM. #ASK1',
    'Podemos mandar o convite? #ASK2',
    'Convite VIP: responda SIM. #ASK3',
  ],
};
const STOPPED = {
  name: 'Natal',
  listName: 'Clientes Natal',
  numbers: Array.from({ length: SCALE.stopped }, (_, i) => mobileNumber(3, i + 1)),
  messages: ['Feliz Natal, {nome}! #NT1', '{nome}, presentes com frete grátis. #NT2', 'Natal chegando, {nome}. #NT3'],
};
const nameOf = (number: string, names: Map<string, string>) => names.get(number) ?? number;

let stack: LocalStack;
let browser: Browser;
let desk: Page;
let admin: Credentials;
let token = '';
let connectionIds: string[] = [];
const ids = { big: '', confirmed: '', stopped: '' };
const figures: Record<string, number | string> = {};

const reportOf = (id: string) => campaignReport(stack, token, id);
async function reportReaches(id: string, status: string, timeoutMs: number): Promise<void> {
  await waitUntil(
    `campaign ${id} ${status} with delivered = valid`,
    async () => {
      const report = await reportOf(id);
      return report.campaign.status === status && report.delivered === report.validContacts && report.validContacts > 0;
    },
    timeoutMs,
  );
}

/** A list through the API the console's import uses (the journey's Chromium import is the big one). */
async function apiList(name: string, numbers: string[]): Promise<ContactListDto> {
  const list = await api<ContactListDto>(stack, token, 'POST', '/contact-lists', { name });
  const rows = numbers.map((number, i) => ({ line: i + 2, name: `${name} ${i + 1}`, number, email: '' }));
  await api(stack, token, 'POST', `/contact-lists/${list.id}/upload`, { rows });
  return list;
}

/** Every confirmation request a VIP phone shows is answered once, from that phone, on that connection. */
async function answerConfirmations(until: () => boolean): Promise<number> {
  const answered = new Set<string>();
  while (!until()) {
    for (const connectionId of connectionIds) {
      for (const number of CONFIRMED.numbers) {
        if (answered.has(number)) continue;
        const conversation = await simulator<{ messages: { from: string; text: string }[] }>(
          stack,
          token,
          'GET',
          `/connections/${connectionId}/contacts/${number}/messages`,
        ).catch(() => undefined); // not written to on this connection (yet)
        if (!conversation?.messages.some((m) => m.from === 'business' && m.text.includes('#ASK'))) continue;
        await simulator(stack, token, 'POST', `/connections/${connectionId}/contacts/${number}/messages`, { text: 'SIM' });
        answered.add(number);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return answered.size;
}

describe('the outbound journey: a 1,000-row list, campaigns that send exactly once', () => {
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startLocalStack({ ...builtConsole(), sessionHost: true }), launchBrowser()]);
  });

  stopAfterFirstFailure('campaign-journey', () => ({ '': desk }));
  afterAll(async () => {
    console.info('campaign journey figures', figures);
    await browser?.close();
    await stack?.stop();
  });

  it('a new company with campaigns on, two simulated connections and fast pacing set in /campaigns-config', async () => {
    desk = await newPage(browser, { colorScheme: 'light' });
    admin = await signUpCompany(desk, stack, COMPANY);
    const login = (await (
      await fetch(`${stack.apiUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json()) as LoginResponse;
    token = login.token;
    await enableCampaigns(stack, login.user.companyId, { lists: 5, contactsPerList: 2000 });
    const connections: ConnectionDto[] = [];
    for (const [i, name] of CONNECTIONS.entries())
      connections.push(await scannedConnection(stack, token, { name, isDefault: i === 0 }));
    connectionIds = connections.map((c) => c.id);

    // Signing in after the switch sets the console's `cshow` flag (the campaign menu).
    await signIn(desk, stack, admin);
    await setPacingInConsole(desk, stack, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      dailyCap: 5000,
    });
    await settle(desk);
    await screenshot(desk, 'campaign-journey-config-light');
  });

  it('imports a 1,000-row (200 unless full) .xlsx into a list: refused rows reported with why, the count right', async () => {
    await createListInConsole(desk, stack, BIG.listName);
    await desk.getByTestId('contact-list-items-import').click({ timeout: 30_000 });
    const dialog = desk.getByTestId('contact-list-import-dialog');
    const started = Date.now();
    await dialog.getByTestId('contact-list-import-file').setInputFiles({
      name: 'clientes-black-friday.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await contactSheetXlsx(SHEET),
    });
    const summary = dialog.getByTestId('contact-list-import-summary');
    await summary.waitFor({ timeout: 90_000 });
    figures.importSeconds = (Date.now() - started) / 1000;
    const refusedPlan = SHEET.rows.filter((r) => r.outcome !== 'created');
    expect(await summary.innerText()).toBe(`${SHEET.listed.length} importado(s), ${refusedPlan.length} recusado(s).`);
    const reasons = {
      invalidNumber: 'Número inválido',
      duplicateInFile: 'Número repetido na planilha',
      duplicate: 'Este número já está na lista',
    };
    const shown = await dialog.getByTestId('contact-list-import-refused').allInnerTexts();
    expect(shown.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual(
      refusedPlan.map((r) => `${r.line} ${reasons[r.outcome as keyof typeof reasons]}`),
    );
    expect(refusedPlan.filter((r) => r.outcome === 'invalidNumber')).toHaveLength(SCALE.invalid);
    await settle(desk);
    await screenshot(desk, 'campaign-journey-import-report-light');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await desk.getByText(`${SHEET.listed.length} contatos de no máximo 2000`).waitFor({ timeout: 15_000 });
    await settle(desk);
    await screenshot(desk, 'campaign-journey-list-light');
  });

  it(
    'a 3-message campaign over both connections reaches FINALIZADA with delivered = valid; a confirmation one too',
    async () => {
      await apiList(CONFIRMED.listName, CONFIRMED.numbers);
      await createCampaignInConsole(desk, stack, { ...BIG, connectionNames: CONNECTIONS });
      await createCampaignInConsole(desk, stack, { ...CONFIRMED, connectionNames: CONNECTIONS });
      ids.big = (await campaignNamed(stack, token, BIG.name)).id;
      ids.confirmed = (await campaignNamed(stack, token, CONFIRMED.name)).id;

      // Both are due this minute: the scheduler's tick (a minute apart) is fired now instead of awaited
      // (when the minute's own tick came first, this one finds nothing left to start).
      const started = Date.now();
      await stack.scheduler!.tick();
      let confirmedDone = false;
      const answering = answerConfirmations(() => confirmedDone);

      await desk.goto(`${stack.url}/campaign/${ids.big}/report`);
      const status = desk.getByTestId('campaign-status');
      await status.filter({ hasText: 'Em Andamento' }).waitFor({ timeout: 60_000 });
      await waitUntil('some sends', async () => (await reportOf(ids.big)).delivered >= 50, 60_000);
      await settle(desk);
      await screenshot(desk, 'campaign-journey-report-running-light');

      await status.filter({ hasText: 'Finalizada' }).waitFor({ timeout: SCALE.bigMs });
      figures.bigSeconds = (Date.now() - started) / 1000;
      const big = await reportOf(ids.big);
      figures.bigSendsPerMinute = Math.round((big.delivered / (Date.now() - started)) * 60_000);
      expect(big.validContacts).toBe(SHEET.valid.length);
      expect(big.delivered).toBe(big.validContacts);
      await desk
        .getByTestId('campaign-report-delivered-of-valid')
        .filter({ hasText: `${big.validContacts} de ${big.validContacts}` })
        .waitFor({ timeout: 15_000 });
      await settle(desk);
      await screenshot(desk, 'campaign-journey-report-done-light');

      try {
        await reportReaches(ids.confirmed, 'FINALIZADA', 60_000);
      } finally {
        confirmedDone = true;
      }
      expect(await answering).toBe(CONFIRMED.numbers.length);
      const confirmed = await reportOf(ids.confirmed);
      expect(confirmed).toMatchObject({ validContacts: 20, delivered: 20, confirmationRequested: 20, confirmed: 20 });
    },
    SCALE.bigMs + 180_000,
  );

  it('another campaign stopped mid-way, the session host killed while it runs, restarted until FINALIZADA', async () => {
    await apiList(STOPPED.listName, STOPPED.numbers);
    // Slow enough to stop in the middle: a random 0–5 s between sends on each connection.
    await api(stack, token, 'POST', '/campaign-settings', {
      settings: {
        messageInterval: 5,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        dailyCapPerConnection: 5000,
        variables: [],
      },
    });
    await createCampaignInConsole(desk, stack, { ...STOPPED, connectionNames: CONNECTIONS });
    ids.stopped = (await campaignNamed(stack, token, STOPPED.name)).id;
    await stack.scheduler!.tick();
    await waitUntil('a few sends', async () => (await reportOf(ids.stopped)).delivered >= 6, 60_000);

    // The host dies hard while the campaign sends; the runner reports its sessions down.
    process.kill(stack.sessionHost!.pid(0)!, 'SIGKILL');
    await stack.sessionHost!.stop(0); // kept down until started below
    await campaignRowAction(desk, stack, STOPPED.name, 'stop');
    const stopped = await reportOf(ids.stopped);
    expect(stopped.campaign.status).toBe('CANCELADA');
    expect(stopped.delivered).toBeLessThan(stopped.validContacts);
    figures.stoppedAt = stopped.delivered;
    await desk.getByTestId('campaign-row').filter({ hasText: STOPPED.name }).getByTestId('campaign-restart').waitFor();
    await settle(desk);
    await screenshot(desk, 'campaign-journey-stopped-light');

    await stack.sessionHost!.start(0);
    await stack.sessionHost!.waitHealthy();
    for (const id of connectionIds)
      await waitUntil(
        `connection ${id} back`,
        async () => (await api<ConnectionDto>(stack, token, 'GET', `/whatsapp/${id}`)).status === 'CONNECTED',
        60_000,
      );
    await api(stack, token, 'POST', '/campaign-settings', { settings: UNPACED_CAMPAIGN_SETTINGS });
    await campaignRowAction(desk, stack, STOPPED.name, 'restart');
    await reportReaches(ids.stopped, 'FINALIZADA', 120_000);
    expect((await reportOf(ids.stopped)).validContacts).toBe(STOPPED.numbers.length);
  }, 480_000);

  it('the simulated phones show every valid contact its messages exactly once, and nothing for invalid numbers', async () => {
    // A late duplicate (a redelivered command) would land within seconds of the last send.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const ledger = await readPhoneLedger(stack, token, connectionIds);
    const names = new Map(SHEET.rows.filter((r) => r.outcome === 'created').map((r) => [r.number, r.name]));
    const problems: string[] = [];
    const exactlyOne = (number: string, marker: string, what: string) => {
      const got = receivedOf(ledger, number, (text) => text.includes(marker));
      if (got.length !== 1) problems.push(`${number}: ${got.length} × ${what}`);
      return got[0];
    };
    for (const number of SHEET.valid) {
      const main = exactlyOne(number, '#BF', BIG.name);
      if (main && !main.text.includes(nameOf(number, names))) problems.push(`${number}: {nome} not filled: ${main.text}`);
    }
    for (const number of CONFIRMED.numbers) {
      exactlyOne(number, '#ASK', 'confirmation request');
      exactlyOne(number, '#VIP', CONFIRMED.name);
    }
    for (const number of STOPPED.numbers) exactlyOne(number, '#NT', STOPPED.name);
    // Invalid numbers never became list items, and listed numbers without WhatsApp are not sent to:
    // no phone holds a conversation under their digits.
    for (const cell of SHEET.invalid)
      if (ledger.has(cell.replace(/\D/g, ''))) problems.push(`invalid ${cell} got a message`);
    for (const number of SHEET.notOnWhatsapp) if (ledger.has(number)) problems.push(`${number} (no WhatsApp) got a message`);
    // Nobody outside the three lists got anything.
    expect(SHEET.notOnWhatsapp.length).toBeGreaterThan(0);
    const known = new Set([...SHEET.valid, ...CONFIRMED.numbers, ...STOPPED.numbers]);
    for (const [number, got] of ledger) if (got.length && !known.has(number)) problems.push(`${number} is in no list`);
    figures.phonesRead = ledger.size;
    // The big campaign's rate as the phones saw it (first to last arrival), per connection too.
    const bigArrivals = [...ledger.values()].flat().filter((m) => m.text.includes('#BF'));
    const times = bigArrivals.map((m) => Date.parse(m.timestamp)).sort((a, b) => a - b);
    const minutes = (times[times.length - 1]! - times[0]!) / 60_000;
    figures.phoneSendsPerMinute = Math.round(times.length / minutes);
    for (const [i, id] of connectionIds.entries())
      figures[`phoneSendsPerMinute${i + 1}`] = Math.round(bigArrivals.filter((m) => m.connectionId === id).length / minutes);
    figures.businessMessages = [...ledger.values()].reduce((sum, got) => sum + got.length, 0);
    expect(problems).toEqual([]);
    expect(figures.businessMessages).toBe(SHEET.valid.length + 2 * CONFIRMED.numbers.length + STOPPED.numbers.length);
  }, 180_000);
});
