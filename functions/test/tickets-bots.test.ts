/**
 * Issue 9 "Bots and automatic messages" through the real inbound worker and tickets API: the queue
 * menu, the option tree, idempotency under redelivery, and the rating asked on resolve.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ChannelEvent } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { putQueueOption } from '../src/data/queue-options';
import { putQueue } from '../src/data/queues';
import { readTicketCounts } from '../src/data/ticket-counters';
import { forgetBotSetups } from '../src/domain/bots/bot-setup';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerEvent,
  customerSays,
  deliver,
  newNumber,
  putTicket,
  setCompanySetting,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  await putQueueOption({
    id: 'opt-1',
    companyId: w.cid,
    queueId: w.queueB.id,
    parentId: null,
    option: 1,
    title: 'Segunda via',
    message: 'Enviaremos o boleto.',
  });
  const updated = await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
    token: w.admin.token,
    pathParameters: { id: w.connection.id },
    body: {
      name: w.connection.name,
      queueIds: [w.queueA.id, w.queueB.id],
      greetingMessage: 'Olá {{name}}! Escolha um setor:',
      complationMessage: 'Obrigado pelo contato!',
      ratingMessage: 'Como foi o atendimento?',
    },
  });
  if (updated.status !== 200) throw new Error(`connection update: ${updated.status} ${JSON.stringify(updated.body)}`);
});
afterAll(async () => {
  await queues?.stop();
});

/** The newest page of a ticket's messages, read by the admin of `on` (the suite's workspace by default). */
const messagesOf = async (ticketId: string, on: Workspace = w) =>
  (await apiCall('messages', 'GET', '/messages/{id}', { token: on.admin.token, pathParameters: { id: ticketId } })).body
    .messages as { body: string; fromMe: boolean }[];

/** Every message of the ticket, walking the older pages with the cursor. */
async function allMessagesOf(ticketId: string) {
  const all: { body: string; fromMe: boolean }[] = [];
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const res = await apiCall('messages', 'GET', '/messages/{id}', {
      token: w.admin.token,
      pathParameters: { id: ticketId },
      query: cursor ? { cursor } : {},
    });
    all.unshift(...res.body.messages);
    cursor = res.body.cursor;
  }
  return all;
}

/** A workspace whose connection serves queue A only, which greets and offers option 1, "Pedidos". */
async function oneQueueMenu(optionId: string, message: string) {
  const one = await createWorkspace();
  await putQueue({ ...one.queueA, greetingMessage: 'Fila A: olá {{name}}!' });
  await putQueueOption({
    id: optionId,
    companyId: one.cid,
    queueId: one.queueA.id,
    parentId: null,
    option: 1,
    title: 'Pedidos',
    message,
  });
  forgetBotSetups();
  return one;
}

/** A customer's message whose pipeline stops at the first DynamoDB call `stopsAt` picks (it throws there). */
async function deliverCutShort(event: ChannelEvent, stopsAt: (command: object) => boolean) {
  const realSend = ddb().send.bind(ddb()) as (command: object) => Promise<unknown>;
  const send = vi
    .spyOn(ddb(), 'send')
    .mockImplementation(((command: object) =>
      stopsAt(command) ? Promise.reject(new Error('process stopped')) : realSend(command)) as never);
  try {
    await expect(deliver(event)).rejects.toThrow('inbound failures: 1');
  } finally {
    send.mockRestore();
  }
}

/** The bots' first reply being stored (a message of ours). */
const isReplyPut = (command: object) =>
  command instanceof PutCommand && (command.input.Item as { fromMe?: boolean }).fromMe === true;

describe('queue menu bot', () => {
  it('asks for a queue, enters the chosen one with its options, and never answers a redelivery twice', async () => {
    const number = newNumber();
    await customerSays(w, { number, name: 'Ana', body: 'oi' });
    let ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ status: 'pending', queueId: null });
    expect((await messagesOf(ticket.id)).at(-1)).toMatchObject({
      fromMe: true,
      body: 'Olá Ana! Escolha um setor:\n\n*1* - Fila A\n*2* - Fila B',
    });

    const choice = customerEvent(w, { number, name: 'Ana', body: '2' });
    await deliver(choice);
    await deliver(choice); // SQS redelivery of the same message
    ticket = (await ticketOf(w, number))!;
    expect(ticket.queueId).toBe(w.queueB.id);
    const bodies = (await messagesOf(ticket.id)).map((m) => m.body);
    expect(bodies.filter((b) => b.includes('*1* - Segunda via'))).toHaveLength(1);

    await customerSays(w, { number, body: '1' });
    expect((await messagesOf(ticket.id)).at(-1)!.body).toBe('Enviaremos o boleto.');
    expect((await ticketOf(w, number))!.chatbot).toBe(false);
  });
});

describe('a burst of first messages', () => {
  it('gets one menu, and the menu again when the customer writes a wrong choice after a pause', async () => {
    const number = newNumber();
    const start = Date.now() - 60_000;
    const burst = Array.from({ length: 20 }, (_, i) =>
      customerEvent(w, { number, name: 'Caio', body: `linha ${i}`, timestamp: new Date(start + i * 150).toISOString() }),
    );
    await deliver(...burst);
    const ticket = (await ticketOf(w, number))!;
    const menus = () =>
      allMessagesOf(ticket.id).then((all) => all.filter((m) => m.fromMe && m.body.includes('*2* - Fila B')));
    expect(await menus()).toHaveLength(1);
    expect(ticket.unreadMessages).toBe(20);

    await customerSays(w, { number, body: '9', timestamp: new Date(start + 20 * 150 + 10_000).toISOString() });
    expect(await menus()).toHaveLength(2);
    await customerSays(w, { number, body: '2', timestamp: new Date(start + 20 * 150 + 10_500).toISOString() });
    expect((await ticketOf(w, number))!.queueId).toBe(w.queueB.id);
  });
});

describe('a connection with one queue', () => {
  it('greets the new ticket in its queue once, a redelivery and a burst included, and shows its options', async () => {
    const one = await oneQueueMenu('opt-a1', 'Informe o número do pedido.');
    const number = newNumber();
    const first = customerEvent(one, { number, name: 'Bia', body: 'oi' });
    const more = Array.from({ length: 4 }, (_, i) => customerEvent(one, { number, name: 'Bia', body: `linha ${i}` }));
    await deliver(first, ...more);
    await deliver(first); // SQS redelivery of the first message
    const ticket = (await ticketOf(one, number))!;
    expect(ticket).toMatchObject({ status: 'pending', queueId: one.queueA.id, chatbot: true });
    const fromUs = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: one.admin.token, pathParameters: { id: ticket.id } })
    ).body.messages.filter((m: { fromMe: boolean }) => m.fromMe);
    expect(fromUs.map((m: { body: string }) => m.body)).toEqual(['Fila A: olá Bia!\n\n*1* - Pedidos\n*#* - Menu inicial']);
  });
});

describe("a known contact's first ticket (the general path: stored, then a ticket found or created)", () => {
  it('cut short after the menu and before its bot state: the redelivery stores the state, and the option is answered', async () => {
    const one = await oneQueueMenu('opt-known-1', 'Seu pedido está a caminho.');
    const number = newNumber();
    // The contact exists before its first message (saved in the console): no new contact's direct landing.
    const saved = await apiCall('contacts', 'POST', '/contacts', { token: one.admin.token, body: { name: 'Lia', number } });
    expect(saved.status).toBe(201);
    const first = customerEvent(one, { number, name: 'Lia', body: 'oi' });
    await deliverCutShort(
      first,
      (command) => command instanceof UpdateCommand && '#chatbot' in (command.input.ExpressionAttributeNames ?? {}),
    );
    await deliver(first); // the SQS redelivery
    expect(await ticketOf(one, number)).toMatchObject({ queueId: one.queueA.id, chatbot: true });

    await customerSays(one, { number, name: 'Lia', body: '1' });
    const ticket = (await ticketOf(one, number))!;
    const fromUs = (await messagesOf(ticket.id, one)).filter((m) => m.fromMe).map((m) => m.body);
    expect(fromUs).toEqual(['Fila A: olá Lia!\n\n*1* - Pedidos\n*#* - Menu inicial', 'Seu pedido está a caminho.']);
  });
});

describe('a first message whose second run comes after the customer answered the menu', () => {
  it('leaves the answered ticket as it is, and sends nothing twice', async () => {
    const one = await oneQueueMenu('opt-late-1', 'Seu pedido está a caminho.');
    const number = newNumber();
    const start = Date.now();
    const first = customerEvent(one, { number, name: 'Rui', body: 'oi', timestamp: new Date(start).toISOString() });
    // its run stops at the pipeline's last write (the message's by-id reference): it will run again
    const isLastWrite = (command: object) =>
      command instanceof BatchWriteCommand &&
      Object.values(command.input.RequestItems ?? {}).some((writes) =>
        writes.some((w) => (w.PutRequest?.Item as { pipelineDone?: boolean } | undefined)?.pipelineDone),
      );
    await deliverCutShort(first, isLastWrite);
    await customerSays(one, { number, name: 'Rui', body: '1', timestamp: new Date(start + 5_000).toISOString() });
    const answered = (await ticketOf(one, number))!;
    expect(answered).toMatchObject({ chatbot: false });

    await deliver(first); // the overtaken second run (SQS let it through while the first still ran)
    expect(await ticketOf(one, number)).toMatchObject({ chatbot: false, updatedAt: answered.updatedAt });
    const fromUs = (await messagesOf(answered.id, one)).filter((m) => m.fromMe).map((m) => m.body);
    expect(fromUs).toEqual(['Fila A: olá Rui!\n\n*1* - Pedidos\n*#* - Menu inicial', 'Seu pedido está a caminho.']);
  });
});

describe('a ticket the customer reopens', () => {
  it('is greeted again in its queue with the whole menu, from the top, once, by a redelivery after a cut', async () => {
    const one = await oneQueueMenu('opt-r1', 'Informe o número do pedido.');
    await putQueueOption({
      id: 'opt-r1a',
      companyId: one.cid,
      queueId: one.queueA.id,
      parentId: 'opt-r1',
      option: 1,
      title: 'Atrasados',
      message: 'Vamos verificar.',
    });
    forgetBotSetups();
    const number = newNumber();
    await customerSays(one, { number, name: 'Bia', body: 'oi' });
    await customerSays(one, { number, body: '1' });
    const ticket = (await ticketOf(one, number))!;
    expect(ticket).toMatchObject({ queueId: one.queueA.id, chatbot: true }); // still inside the menu
    expect((await putTicket(one.admin.token, ticket.id, { status: 'open', userId: one.admin.user.id })).status).toBe(200);
    expect((await putTicket(one.admin.token, ticket.id, { status: 'closed' })).status).toBe(200);

    const again = customerEvent(one, { number, name: 'Bia', body: 'oi de novo' });
    // cut short after the reopen and before the greeting: its redelivery greets, once
    await deliverCutShort(again, isReplyPut);
    await deliver(again);
    await deliver(again);

    const reopened = (await ticketOf(one, number))!;
    expect(reopened).toMatchObject({ id: ticket.id, status: 'pending', queueId: one.queueA.id });
    const { messages } = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: one.admin.token, pathParameters: { id: ticket.id } })
    ).body as { messages: { body: string; fromMe: boolean }[] };
    expect(messages.slice(-2)).toMatchObject([
      { fromMe: false, body: 'oi de novo' },
      { fromMe: true, body: 'Fila A: olá Bia!\n\n*1* - Pedidos\n*#* - Menu inicial' },
    ]);
  });
});

describe("the bots' reads", () => {
  it('greets without reading the connection, the contact or the ticket it just stored again', async () => {
    const one = await createWorkspace(); // its connection serves queue A only
    await putQueue({ ...one.queueA, greetingMessage: 'Fila A: olá {{name}}!' });
    forgetBotSetups();
    await deliver(customerEvent(one, { number: newNumber(), name: 'Ana', body: 'oi' })); // the caches warm up
    const number = newNumber();
    const spy = vi.spyOn(ddb(), 'send');
    await deliver(customerEvent(one, { number, name: 'Caio', body: 'oi' }));
    const commands = spy.mock.calls.map(([command]) => command as object);
    spy.mockRestore();
    const ticket = (await ticketOf(one, number))!;
    const gets = commands.filter((c): c is GetCommand => c instanceof GetCommand).map((c) => c.input.Key!);
    const batchKeys = commands
      .filter((c): c is BatchGetCommand => c instanceof BatchGetCommand)
      .flatMap((c) => Object.values(c.input.RequestItems ?? {}).flatMap((r) => r.Keys ?? []));
    expect(gets.filter((k) => k.SK === one.connection.id)).toEqual([]);
    expect([...gets, ...batchKeys].filter((k) => k.SK === ticket.contactId)).toEqual([]);
    // The greeting was decided before the ticket was stored, which counted it: nothing to read back.
    expect(gets.filter((k) => k.SK === 'TICKET')).toEqual([]);
    const { messages } = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: one.admin.token, pathParameters: { id: ticket.id } })
    ).body as { messages: { body: string }[] };
    expect(messages.at(-1)!.body).toBe('Fila A: olá Caio!');
  });
});

describe("the bots' writes", () => {
  it('a greeting alone (a queue without options) writes no bot state on the ticket, and a burst gets it once', async () => {
    const one = await createWorkspace(); // its connection serves queue A only
    await putQueue({ ...one.queueA, greetingMessage: 'Fila A: olá {{name}}!' });
    forgetBotSetups();
    const number = newNumber();
    const spy = vi.spyOn(ddb(), 'send');
    let botStateWrites: object[];
    try {
      await deliver(customerEvent(one, { number, name: 'Caio', body: 'oi' }));
      botStateWrites = spy.mock.calls
        .map(([command]) => command as object)
        .filter((c): c is UpdateCommand => c instanceof UpdateCommand)
        .filter((c) => /menuHeardAt|chatbot|botPath/.test(c.input.UpdateExpression ?? ''));
    } finally {
      spy.mockRestore();
    }
    expect(botStateWrites).toEqual([]);
    await deliver(customerEvent(one, { number, body: 'alguém aí?' }), customerEvent(one, { number, body: 'oi?' }));
    const ticket = (await ticketOf(one, number))!;
    expect(ticket).toMatchObject({ status: 'pending', queueId: one.queueA.id, chatbot: false });
    const fromUs = (await messagesOf(ticket.id, one)).filter((m) => m.fromMe).map((m) => m.body);
    expect(fromUs).toEqual(['Fila A: olá Caio!']);
  });
});

/** The updates of ticket items `work` made (a new ticket is a Put; its activity, bot state and moves are updates). */
async function ticketUpdatesDuring(work: () => Promise<unknown>): Promise<UpdateCommand[]> {
  const spy = vi.spyOn(ddb(), 'send');
  try {
    await work();
    return spy.mock.calls
      .map(([command]) => command as object)
      .filter((c): c is UpdateCommand => c instanceof UpdateCommand && c.input.Key?.SK === 'TICKET');
  } finally {
    spy.mockRestore();
  }
}

describe("a new customer's greeting", () => {
  it('is decided before the ticket is stored, which shows it as its last message: the greeting writes no ticket activity', async () => {
    const one = await createWorkspace(); // its connection serves queue A only
    await putQueue({ ...one.queueA, greetingMessage: 'Fila A: olá {{name}}!' });
    forgetBotSetups();
    const number = newNumber();
    const first = customerEvent(one, { number, name: 'Caio', body: 'oi' });
    expect(await ticketUpdatesDuring(() => deliver(first))).toEqual([]);
    let ticket = (await ticketOf(one, number))!;
    expect(ticket).toMatchObject({ lastMessage: 'Fila A: olá Caio!', unreadMessages: 1, chatbot: false });
    expect((await messagesOf(ticket.id, one)).map((m) => [m.fromMe, m.body])).toEqual([
      [false, 'oi'],
      [true, 'Fila A: olá Caio!'],
    ]);

    await deliver(first); // SQS redelivery: no second greeting, nothing counted twice
    await customerSays(one, { number, body: 'meu pedido atrasou' });
    ticket = (await ticketOf(one, number))!;
    expect(ticket).toMatchObject({ lastMessage: 'meu pedido atrasou', unreadMessages: 2 });
    expect((await messagesOf(ticket.id, one)).filter((m) => m.fromMe)).toHaveLength(1);
  });

  /**
   * A new customer's first message whose pipeline stops as the bots' first reply is stored (after the
   * ticket), then its SQS redeliveries: what the customer got from us, and the ticket.
   */
  async function cutShortBeforeTheFirstReply(on: Workspace, name: string) {
    const number = newNumber();
    const first = customerEvent(on, { number, name, body: 'oi' });
    await deliverCutShort(first, isReplyPut);
    expect((await messagesOf((await ticketOf(on, number))!.id, on)).filter((m) => m.fromMe)).toEqual([]);
    await deliver(first);
    await deliver(first);
    const ticket = (await ticketOf(on, number))!;
    return { ticket, fromUs: (await messagesOf(ticket.id, on)).filter((m) => m.fromMe).map((m) => m.body) };
  }

  it('cut short after its ticket was stored and before the greeting, is sent on the redelivery, once', async () => {
    const one = await createWorkspace(); // its connection serves queue A only
    await putQueue({ ...one.queueA, greetingMessage: 'Fila A: olá {{name}}!' });
    forgetBotSetups();
    const { ticket, fromUs } = await cutShortBeforeTheFirstReply(one, 'Caio');
    expect(ticket).toMatchObject({ lastMessage: 'Fila A: olá Caio!', unreadMessages: 1 });
    expect(fromUs).toEqual(['Fila A: olá Caio!']);
  });

  it('cut short before the menu, with the ticket stored in the menu: the redelivery shows the menu, once', async () => {
    const { ticket, fromUs } = await cutShortBeforeTheFirstReply(w, 'Gil');
    const menu = 'Olá Gil! Escolha um setor:\n\n*1* - Fila A\n*2* - Fila B';
    expect(ticket).toMatchObject({ lastMessage: menu, unreadMessages: 1, chatbot: true, queueId: null });
    expect(fromUs).toEqual([menu]);
  });

  it('of a connection with a menu: the ticket is stored in the menu, showing it, and nothing is written on it after', async () => {
    const number = newNumber();
    expect(await ticketUpdatesDuring(() => customerSays(w, { number, name: 'Duda', body: 'boa tarde' }))).toEqual([]);
    const ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({
      lastMessage: 'Olá Duda! Escolha um setor:\n\n*1* - Fila A\n*2* - Fila B',
      unreadMessages: 1,
      chatbot: true,
      queueId: null,
    });
    await customerSays(w, { number, body: '1' });
    expect((await ticketOf(w, number))!).toMatchObject({ queueId: w.queueA.id, chatbot: false });
  });

  it('whose first message picks a queue: the ticket is born in that queue and counted there once', async () => {
    const number = newNumber();
    const pending = async () => {
      const counts = await readTicketCounts(w.cid);
      return [counts.byQueue('pending', null), counts.byQueue('pending', w.queueB.id)];
    };
    const before = await pending();
    expect(await ticketUpdatesDuring(() => customerSays(w, { number, name: 'Edu', body: '2' }))).toEqual([]);
    expect((await ticketOf(w, number))!).toMatchObject({ queueId: w.queueB.id, chatbot: true, unreadMessages: 1 });
    const after = await pending();
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([0, 1]);
  });
});

describe('rating on resolve', () => {
  it('asks for the rating, records the answer for the attendant, and thanks without reopening', async () => {
    await setCompanySetting(w, 'userRating', 'enabled');
    const number = newNumber();
    await customerSays(w, { number, name: 'Bia', body: 'oi' });
    await customerSays(w, { number, body: '1' });
    const ticket = (await ticketOf(w, number))!;
    expect((await putTicket(w.admin.token, ticket.id, { status: 'open', userId: w.admin.user.id })).status).toBe(200);
    expect((await putTicket(w.admin.token, ticket.id, { status: 'closed' })).status).toBe(200);
    expect((await messagesOf(ticket.id)).at(-1)!.body).toContain('Como foi o atendimento?\n\n*1* - Insatisfeito');

    await customerSays(w, { number, body: '3' });
    const after = (await ticketOf(w, number))!;
    expect(after).toMatchObject({ id: ticket.id, status: 'closed' });
    expect((await messagesOf(ticket.id)).at(-1)!.body).toBe('Obrigado pelo contato!');
    const ratings = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `C#${w.cid}#RATING#${w.admin.user.id}` },
      }),
    );
    expect(ratings.Items).toEqual([expect.objectContaining({ SK: ticket.id, rate: 3 })]);
  });
});
