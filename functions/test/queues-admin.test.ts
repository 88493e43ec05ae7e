/**
 * Issue 26 item 4 "Queues": a company fresh from sign-up sets up its queues and their nested menus
 * through the API alone (`/queue`, `/queue/{id}`, `/queue-options`), attaches them to a connection,
 * and a customer walks the menu into the right queue; the server's queue rules; a deleted queue's
 * tickets stay reachable; every change is live on `company-<cid>-queue`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionDto, QueueDto, QueueOptionDto, ScheduleEntry } from '@atende/shared';
import { forgetBotSetups } from '../src/domain/bots/bot-setup';
import { apiCall } from './support/api-event';
import { customerSays, newNumber, startWorkspaceEmulators, ticketOf, type Workspace } from './support/ticket-fixtures';
import { createTestTenant, createTestUser } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
beforeAll(async () => {
  queues = await startWorkspaceEmulators();
});
afterAll(async () => {
  await queues?.stop();
});

const api = (t: Tenant, method: 'GET' | 'POST' | 'PUT' | 'DELETE', resource: string, rest: object = {}) =>
  apiCall('queues', method, resource, { token: t.admin.token, ...rest });

async function createQueue(t: Tenant, body: object): Promise<QueueDto> {
  const res = await api(t, 'POST', '/queue', { body });
  if (res.status !== 201) throw new Error(`POST /queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function createOption(t: Tenant, body: object): Promise<QueueOptionDto> {
  const res = await api(t, 'POST', '/queue-options', { body });
  if (res.status !== 201) throw new Error(`POST /queue-options: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const level = async (t: Tenant, queueId: string, parentId = '-1') =>
  ((await api(t, 'GET', '/queue-options', { query: { queueId, parentId } })).body as QueueOptionDto[]).map(
    (o) => `${o.option}:${o.title}`,
  );
async function setSetting(t: Tenant, key: string, value: string) {
  const res = await apiCall('companies', 'PUT', '/settings/{key}', {
    token: t.admin.token,
    pathParameters: { key },
    body: { value },
  });
  expect(res.status).toBe(200);
  forgetBotSetups(); // the bots' 5 s cache, as its expiry would
}

/** A connection serving `queueIds`, and the shape the customer fixtures need. */
async function connectionFor(t: Tenant, queueIds: string[]): Promise<Workspace> {
  const res = await apiCall('whatsapp', 'POST', '/whatsapp', {
    token: t.admin.token,
    body: { name: `Conexão ${newNumber()}`, queueIds, greetingMessage: 'Olá {{name}}! Escolha um setor:' },
  });
  expect(res.status).toBe(201);
  forgetBotSetups();
  return { ...t, cid: t.company.id, connection: res.body as ConnectionDto } as unknown as Workspace;
}
const botSaid = async (w: Workspace, ticketId: string) =>
  (
    (await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticketId } })).body
      .messages as { body: string; fromMe: boolean }[]
  )
    .filter((m) => m.fromMe)
    .at(-1)?.body;

const closedAllWeek: Partial<ScheduleEntry>[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
].map((weekdayEn) => ({ weekdayEn: weekdayEn as ScheduleEntry['weekdayEn'], startTime: '00:00', endTime: '00:00' }));

describe('a new company sets up its queues and menus', () => {
  it('creates two queues with a nested menu, attaches them, and a customer walks the menu into the right queue', async () => {
    const t = await createTestTenant();
    const sales = await createQueue(t, { name: 'Vendas', color: '#1273DE', greetingMessage: 'Bem-vindo a Vendas!' });
    const support = await createQueue(t, { name: 'Suporte', color: '#008B02', greetingMessage: 'Suporte aqui.' });
    const plans = await createOption(t, { queueId: sales.id, parentId: null, title: 'Planos', message: 'Nossos planos:' });
    const buy = await createOption(t, { queueId: sales.id, parentId: null, title: 'Comprar', message: '' });
    const monthly = await createOption(t, {
      queueId: sales.id,
      parentId: plans.id,
      title: 'Mensal',
      message: 'R$ 99 por mês.',
    });
    await createOption(t, { queueId: sales.id, parentId: plans.id, title: 'Anual', message: 'R$ 999 por ano.' });
    expect([plans.option, buy.option, monthly.option]).toEqual([1, 2, 1]);
    expect(await level(t, sales.id)).toEqual(['1:Planos', '2:Comprar']);
    expect(await level(t, sales.id, plans.id)).toEqual(['1:Mensal', '2:Anual']);

    const w = await connectionFor(t, [sales.id, support.id]);
    const number = newNumber();
    await customerSays(w, { number, name: 'Ana', body: 'oi' });
    let ticket = (await ticketOf(w, number))!;
    expect(await botSaid(w, ticket.id)).toBe('Olá Ana! Escolha um setor:\n\n*1* - Vendas\n*2* - Suporte');
    await customerSays(w, { number, body: '1' });
    expect(await botSaid(w, ticket.id)).toBe('Bem-vindo a Vendas!\n\n*1* - Planos\n*2* - Comprar\n*#* - Menu inicial');
    await customerSays(w, { number, body: '1' });
    expect(await botSaid(w, ticket.id)).toBe(
      'Nossos planos:\n\n*1* - Mensal\n*2* - Anual\n*0* - Voltar\n*#* - Menu inicial',
    );
    await customerSays(w, { number, body: '1' });
    expect(await botSaid(w, ticket.id)).toBe('R$ 99 por mês.');
    ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ queueId: sales.id, chatbot: false, status: 'pending' });

    // The other queue, chosen by number.
    const other = newNumber();
    await customerSays(w, { number: other, body: 'oi' });
    await customerSays(w, { number: other, body: '2' });
    expect((await ticketOf(w, other))!.queueId).toBe(support.id);
  });

  it("with scheduleType 'queue', a queue whose hours exclude now answers with its out-of-hours message", async () => {
    const t = await createTestTenant();
    const night = await createQueue(t, {
      name: 'Noturno',
      color: '#5300EB',
      greetingMessage: 'Olá!',
      outOfHoursMessage: 'Fila fechada agora.',
      schedules: closedAllWeek,
    });
    const day = await createQueue(t, { name: 'Diurno', color: '#FCCB00', greetingMessage: 'Oi!' });
    expect((await api(t, 'GET', '/queue/{id}', { pathParameters: { id: night.id } })).body.schedules).toHaveLength(7);
    const w = await connectionFor(t, [night.id, day.id]);

    const enter = async () => {
      const number = newNumber();
      await customerSays(w, { number, body: 'oi' });
      await customerSays(w, { number, body: '1' });
      const ticket = (await ticketOf(w, number))!;
      return { ticket, said: await botSaid(w, ticket.id) };
    };
    expect((await enter()).said).toBe('Olá!');
    await setSetting(t, 'scheduleType', 'queue');
    const { ticket, said } = await enter();
    expect(said).toBe('Fila fechada agora.');
    expect(ticket.queueId).toBe(night.id);
  });
});

describe('queue rules', () => {
  it('refuses a colour another queue has, and an empty greeting once there is more than one queue', async () => {
    const t = await createTestTenant();
    const first = await createQueue(t, { name: 'Primeira', color: '#B80000' });
    const noGreeting = await api(t, 'POST', '/queue', { body: { name: 'Segunda', color: '#DB3E00' } });
    expect(noGreeting).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    const sameColour = await api(t, 'POST', '/queue', {
      body: { name: 'Segunda', color: '#b80000', greetingMessage: 'Oi' },
    });
    expect(sameColour).toMatchObject({ status: 400, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    const second = await createQueue(t, { name: 'Segunda', color: '#DB3E00', greetingMessage: 'Oi' });

    // Now two queues exist: the first needs a greeting too.
    const edit = (id: string, body: object) => api(t, 'PUT', '/queue/{id}', { pathParameters: { id }, body });
    expect((await edit(first.id, { name: 'Primeira', color: '#B80000' })).body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    expect((await edit(first.id, { name: 'Primeira', color: '#DB3E00', greetingMessage: 'Olá' })).body.error).toBe(
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    );
    const moved = await edit(first.id, { name: 'Primeira!', color: '#FCCB00', greetingMessage: 'Olá' });
    expect(moved).toMatchObject({ status: 200, body: { name: 'Primeira!', color: '#FCCB00' } });
    // The old colour is free again.
    expect((await edit(second.id, { name: 'Segunda', color: '#B80000', greetingMessage: 'Oi' })).status).toBe(200);
  });

  it('keeps queues to their company and their admins, and integrations to plans that have them', async () => {
    const t = await createTestTenant();
    const stranger = await createTestTenant();
    const queue = await createQueue(t, { name: 'Minha', color: '#006B76' });
    const byStranger = (method: 'GET' | 'PUT' | 'DELETE') =>
      api(stranger, method, '/queue/{id}', {
        pathParameters: { id: queue.id },
        body: method === 'PUT' ? { name: 'Roubada', color: '#000000' } : undefined,
      });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) expect((await byStranger(method)).status).toBe(404);
    expect((await api(t, 'GET', '/queue/{id}', { pathParameters: { id: queue.id } })).body.name).toBe('Minha');
    const operator = await createTestUser(t.company.id, { name: 'Op' });
    expect(
      (await apiCall('queues', 'DELETE', '/queue/{id}', { token: operator.token, pathParameters: { id: queue.id } })).status,
    ).toBe(403);
    expect(
      (await apiCall('queues', 'GET', '/queue-options', { token: operator.token, query: { queueId: queue.id } })).status,
    ).toBe(403);

    const withIntegration = await api(t, 'PUT', '/queue/{id}', {
      pathParameters: { id: queue.id },
      body: { name: 'Minha', color: '#006B76', integrationId: 'integ-1' },
    });
    expect(withIntegration).toMatchObject({ status: 400, body: { error: 'ERR_FEATURE_UNAVAILABLE' } });
    const allowed = await createTestTenant({ planLimits: { useIntegration: true } });
    const integrated = await createQueue(allowed, { name: 'IA', color: '#795548', integrationId: 'integ-1' });
    expect(integrated.integrationId).toBe('integ-1');
  });

  it('frees the plan slot of a deleted queue', async () => {
    const t = await createTestTenant({ planLimits: { queues: 1 } });
    const only = await createQueue(t, { name: 'Única', color: '#4CAF50' });
    expect(
      (await api(t, 'POST', '/queue', { body: { name: 'Outra', color: '#8BC34A', greetingMessage: 'Oi' } })).body.error,
    ).toBe('ERR_QUEUE_LIMIT');
    expect((await api(t, 'DELETE', '/queue/{id}', { pathParameters: { id: only.id } })).status).toBe(204);
    expect((await api(t, 'GET', '/queue/{id}', { pathParameters: { id: only.id } })).status).toBe(404);
    await createQueue(t, { name: 'Outra', color: '#4CAF50' }); // slot and colour both free again
  });
});

describe('the menu editor API', () => {
  it('numbers options per level, refuses a taken position, edits, and deletes a subtree', async () => {
    const t = await createTestTenant();
    const queue = await createQueue(t, { name: 'Menu', color: '#FF5722' });
    const a = await createOption(t, { queueId: queue.id, title: 'A' });
    const b = await createOption(t, { queueId: queue.id, title: 'B' });
    const a1 = await createOption(t, { queueId: queue.id, parentId: a.id, title: 'A1' });
    await createOption(t, { queueId: queue.id, parentId: a1.id, title: 'A1x' });
    const taken = await api(t, 'POST', '/queue-options', { body: { queueId: queue.id, title: 'C', option: 2 } });
    expect(taken).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { option: 'validation.queue.optionTaken' } },
    });
    const foreignParent = await api(t, 'POST', '/queue-options', {
      body: { queueId: queue.id, parentId: 'nope', title: 'C' },
    });
    expect(foreignParent.status).toBe(400);

    const renamed = await api(t, 'PUT', '/queue-options/{id}', {
      pathParameters: { id: b.id },
      body: { title: 'B!', message: 'texto', option: 5 },
    });
    expect(renamed).toMatchObject({ status: 200, body: { title: 'B!', option: 5, parentId: null } });
    expect(await level(t, queue.id)).toEqual(['1:A', '5:B!']);
    expect(
      (await api(t, 'PUT', '/queue-options/{id}', { pathParameters: { id: b.id }, body: { title: 'B', option: 1 } })).status,
    ).toBe(400);

    expect((await api(t, 'DELETE', '/queue-options/{id}', { pathParameters: { id: a.id } })).status).toBe(204);
    expect(await level(t, queue.id)).toEqual(['5:B!']);
    expect(await level(t, queue.id, a1.id)).toEqual([]); // the subtree went with it
    expect(
      (await api(t, 'PUT', '/queue-options/{id}', { pathParameters: { id: a1.id }, body: { title: 'x' } })).status,
    ).toBe(404);

    const stranger = await createTestTenant();
    expect((await api(stranger, 'DELETE', '/queue-options/{id}', { pathParameters: { id: b.id } })).status).toBe(404);
    expect((await api(stranger, 'GET', '/queue-options', { query: { queueId: queue.id } })).status).toBe(404);
    expect(await level(t, queue.id)).toEqual(['5:B!']);
  });
});

describe('deleting a queue that holds tickets', () => {
  it('moves them to "no queue", where admins and operators allowed to see queue-less tickets find them', async () => {
    const t = await createTestTenant();
    const doomed = await createQueue(t, { name: 'Temporária', color: '#E91E63' });
    const w = await connectionFor(t, [doomed.id]);
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const ticket = (await ticketOf(w, number))!;
    expect(ticket.queueId).toBe(doomed.id);
    const operator = await createTestUser(t.company.id, { name: 'Operadora', queueIds: [doomed.id] });

    expect((await api(t, 'DELETE', '/queue/{id}', { pathParameters: { id: doomed.id } })).status).toBe(204);

    expect(await ticketOf(w, number)).toMatchObject({ id: ticket.id, queueId: null, status: 'pending' });
    const pendingOf = async (token: string) =>
      (
        (await apiCall('tickets', 'GET', '/tickets', { token, query: { status: 'pending' } })).body.tickets as {
          id: string;
        }[]
      ).map((x) => x.id);
    expect(await pendingOf(t.admin.token)).toContain(ticket.id);
    expect(await pendingOf(operator.token)).not.toContain(ticket.id);
    await setSetting(t, 'userViewTicketsWithoutDepartment', 'enabled');
    expect(await pendingOf(operator.token)).toContain(ticket.id);
  });
});

describe('live queues', () => {
  it('publishes create, update and delete on company-<cid>-queue to the whole company', async () => {
    const t = await createTestTenant();
    await queues.take('realtime');
    const queue = await createQueue(t, { name: 'Ao vivo', color: '#00BCD4' });
    await api(t, 'PUT', '/queue/{id}', { pathParameters: { id: queue.id }, body: { name: 'Ao vivo 2', color: '#00BCD4' } });
    await createOption(t, { queueId: queue.id, title: 'Menu ao vivo' }); // the menu is part of the queue
    await api(t, 'DELETE', '/queue/{id}', { pathParameters: { id: queue.id } });
    const events = (await queues.take('realtime'))
      .map((m) => m.body)
      .filter((e) => e.kind === 'queue' && e.companyId === t.company.id);
    expect(events.map((e) => e.data.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(events.every((e) => e.audience.kind === 'company')).toBe(true);
    expect(events[1].data.queue).toMatchObject({ id: queue.id, name: 'Ao vivo 2' });
    expect(events[2].data.queue).toMatchObject({ id: queue.id });
    expect(events[3].data).toEqual({ action: 'delete', queueId: queue.id });
  });
});
