/**
 * A message the platform sends lands on its ticket as a channel message does (issue 28 §1): no
 * transaction, in guarded order — the message (conditional: the idempotency key's guard), the ticket's
 * activity (recording the message as counted), the by-id reference last. A retry under the same key
 * completes a landing cut short and counts nothing twice (domain/tickets/ticket-activity.ts
 * `recordOutboundMessage`).
 */
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import type { TicketDto } from '@atende/shared';
import { ddb } from '../src/data/client';
import { putMessageOnce } from '../src/data/message-landing';
import { getMessage, getMessageRef, type MessageRecord } from '../src/data/messages';
import { applyTicketActivity, getTicket } from '../src/data/tickets';
import { recordOutboundMessage } from '../src/domain/tickets/ticket-activity';
import { messageIdForCommand } from '../src/shared-surface/outbound-message-ids';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

async function openTicket(): Promise<TicketDto> {
  const number = newNumber();
  await customerSays(w, { number, body: 'oi' });
  const t = (await ticketOf(w, number))!;
  expect((await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id })).status).toBe(200);
  await queues.take('outbound-0');
  return t;
}

const reply = (ticketId: string, body: string, clientMessageId: string) =>
  apiCall('messages', 'POST', '/messages/{id}', {
    token: w.operatorA.token,
    pathParameters: { id: ticketId },
    body: { body, signature: false, clientMessageId },
  });

/** The message a send with `clientMessageId` stores first (send-message.ts `sendPartKey`, part 0), as a cut-short attempt left it. */
async function storedByCutShortSend(ticketId: string, clientMessageId: string, body: string): Promise<MessageRecord> {
  const ticket = (await getTicket(w.cid, ticketId))!;
  const template = (await getMessage(w.cid, w.connection.id, (await lastCustomerMessage(ticketId)).externalId))!;
  const externalId = messageIdForCommand(w.connection.id, `send:${ticketId}:${clientMessageId}:0`);
  const id = ulid();
  const message = {
    ...template,
    id,
    externalId,
    body,
    fromMe: true,
    read: true,
    clientMessageId: id,
    userId: w.operatorA.user.id,
    ticketId,
    queueId: ticket.queueId,
    pipelineDone: true,
  };
  expect(await putMessageOnce(message)).toBe(true);
  return message;
}

async function lastCustomerMessage(ticketId: string) {
  const page = await apiCall('messages', 'GET', '/messages/{id}', {
    token: w.admin.token,
    pathParameters: { id: ticketId },
  });
  return (page.body.messages as { externalId: string; fromMe: boolean }[]).find((m) => !m.fromMe)!;
}

describe('an outbound message lands without a transaction', () => {
  it('writes the message (conditional), the ticket activity, then the reference; the ticket records it as counted', async () => {
    const t = await openTicket();
    const send = vi.spyOn(ddb(), 'send');
    let id: string;
    try {
      const sent = await reply(t.id, 'Posso ajudar?', 'out-order-1');
      expect(sent.status).toBe(201);
      id = sent.body.messages[0].id;
      const commands = send.mock.calls.map(([command]) => command);
      // A transaction bills every item twice: none (issue 28 §1).
      expect(commands.filter((c) => c instanceof TransactWriteCommand)).toEqual([]);
      const writes = commands
        .filter((c) => c instanceof PutCommand || c instanceof UpdateCommand)
        .map((c) => {
          const input = (c as PutCommand).input as PutCommand['input'] & { Key?: Record<string, unknown> };
          return `${c.constructor.name}:${String(input.Item?.PK ?? input.Key?.PK)}:${input.ConditionExpression ?? ''}`;
        });
      expect(writes.slice(0, 3)).toEqual([
        expect.stringMatching(/^PutCommand:.*#MSG#.*:attribute_not_exists\(PK\)$/),
        expect.stringMatching(/^UpdateCommand:.*#TICKET#/),
        expect.stringMatching(/^PutCommand:.*#MSGREF#/),
      ]);
    } finally {
      send.mockRestore();
    }
    expect(await getTicket(w.cid, t.id)).toMatchObject({ lastMessage: 'Posso ajudar?', countedMessageId: id! });
    expect(await getMessageRef(w.cid, id!)).toMatchObject({ ticketId: t.id });
  });

  it('a retry completes a send cut short after its message was stored: activity, reference and the consoles’ event', async () => {
    const t = await openTicket();
    const cut = await storedByCutShortSend(t.id, 'out-cut-1', 'Cortada');
    expect((await getTicket(w.cid, t.id))!.lastMessage).toBe('oi'); // the activity never ran
    await queues.take('realtime');

    const retry = await reply(t.id, 'Cortada', 'out-cut-1');
    // The first attempt stopped before telling the consoles: the retry does (found by the fault suite's
    // everything-at-once: 2 replies in 50 reached the phones but never the operator's other tab).
    const events = (await queues.take('realtime')).map(
      (m) => m.body as { kind: string; data: { action?: string; message?: { id: string } } },
    );
    expect(
      events.filter((e) => e.kind === 'appMessage' && e.data.action === 'create').map((e) => e.data.message?.id),
    ).toEqual([cut.id]);
    expect(retry.status).toBe(201);
    expect(retry.body.messages).toEqual([expect.objectContaining({ id: cut.id, ticketId: t.id })]);
    expect(await getTicket(w.cid, t.id)).toMatchObject({ lastMessage: 'Cortada', countedMessageId: cut.id });
    expect(await getMessageRef(w.cid, cut.id)).toMatchObject({ ticketId: t.id });
    const queued = (await queues.take('outbound-0')).map((c) => c.body);
    expect(queued).toEqual([expect.objectContaining({ commandId: `send:${t.id}:out-cut-1:0`, clientMessageId: cut.id })]);
  });

  it('a retry of a send cut short after the ticket activity writes the reference only, counting nothing again', async () => {
    const t = await openTicket();
    const cut = await storedByCutShortSend(t.id, 'out-cut-2', 'Quase');
    const at = new Date().toISOString();
    expect(
      await applyTicketActivity(
        { companyId: w.cid, id: t.id },
        { lastMessage: 'Quase', at, unreadDelta: 0, messageId: cut.id },
      ),
    ).toBeDefined();
    const counted = (await getTicket(w.cid, t.id))!;

    const retry = await reply(t.id, 'Quase', 'out-cut-2');
    expect(retry.status).toBe(201);
    expect(retry.body.messages[0].id).toBe(cut.id);
    // Not counted again: the activity time (the ticket's place in its lists) did not move.
    const after = (await getTicket(w.cid, t.id))!;
    expect(after).toMatchObject({
      lastMessage: 'Quase',
      updatedAt: counted.updatedAt,
      unreadMessages: counted.unreadMessages,
    });
    expect(await getMessageRef(w.cid, cut.id)).toMatchObject({ ticketId: t.id });
    await queues.take('outbound-0');
  });

  it('a retry of a landed send writes nothing and answers the first message', async () => {
    const t = await openTicket();
    const first = await reply(t.id, 'Uma vez', 'out-once-1');
    const before = (await getTicket(w.cid, t.id))!;
    const send = vi.spyOn(ddb(), 'send');
    try {
      const retry = await reply(t.id, 'Uma vez', 'out-once-1');
      expect(retry.body.messages[0].id).toBe(first.body.messages[0].id);
      const writes = send.mock.calls
        .map(([command]) => command)
        .filter((c) => c instanceof UpdateCommand || c instanceof TransactWriteCommand);
      expect(writes.filter((c) => JSON.stringify(c.input).includes('#TICKET#'))).toEqual([]);
    } finally {
      send.mockRestore();
    }
    expect((await getTicket(w.cid, t.id))!.updatedAt).toBe(before.updatedAt);
    await queues.take('outbound-0');
  });

  it('stores nothing for a ticket that is gone', async () => {
    const t = await openTicket();
    const gone = { ...(await getTicket(w.cid, t.id))!, id: ulid() };
    const message = {
      ...(await storedByCutShortSend(t.id, 'out-gone-template', 'x')),
      id: ulid(),
      externalId: `3EB0${ulid()}`,
    };
    await expect(recordOutboundMessage(gone, { ...message, ticketId: gone.id })).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    expect(await getMessage(w.cid, w.connection.id, message.externalId)).toBeUndefined();
  });
});
