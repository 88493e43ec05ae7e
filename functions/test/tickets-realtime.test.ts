/**
 * Realtime by audience: ticket and message events reach whoever may see the ticket (its queue's
 * operators, the assignee, admins) and never an operator of another queue, not even on the socket.
 */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { realtimeChannel } from '@atende/shared';
import { ddb } from '../src/data/client';
import { handler as fanout } from '../src/handlers/fanout/index';
import { handler as realtime } from '../src/handlers/realtime/index';
import { sqsEvent } from './support/local-queues';
import { startFakeWsEndpoint } from './support/fake-ws-endpoint';
import {
  createWorkspace,
  customerSays,
  deliver,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';
import { apiCall } from './support/api-event';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let ws: Awaited<ReturnType<typeof startFakeWsEndpoint>>;
let w: Workspace;
const sockets = { admin: ulid(), a: ulid(), b: ulid() };

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  ws = await startFakeWsEndpoint();
  w = await createWorkspace();
  const connect = (id: string, token: string) =>
    realtime({ requestContext: { routeKey: '$connect', connectionId: id }, queryStringParameters: { token } });
  await connect(sockets.admin, w.admin.token);
  await connect(sockets.a, w.operatorA.token);
  await connect(sockets.b, w.operatorB.token);
});
afterAll(async () => {
  await ws?.stop();
  await queues?.stop();
});
beforeEach(async () => {
  await flush();
  ws.reset();
});

/** Runs the fan-out over everything published so far (as the realtime queue's event source would). */
async function flush() {
  const taken = await queues.take('realtime');
  if (taken.length) await fanout(sqsEvent(taken.map((m) => ({ body: JSON.stringify(m.body), groupId: m.groupId }))));
}
const frames = (socket: string) => ws.framesOf(socket);

const channels = (socket: string) =>
  frames(socket).map((f) => `${f.channel.replace(`company-${w.cid}-`, '')}:${f.data.action}`);

describe('audiences', () => {
  it("a customer message reaches queue A's operator and the admin with its ticket, and nothing reaches queue B's operator", async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'olá' });
    await flush();

    const created = frames(sockets.a).find((f) => f.channel === realtimeChannel.appMessage(w.cid));
    expect(created?.data).toMatchObject({
      action: 'create',
      message: { body: 'olá' },
      ticket: { status: 'pending', queueId: w.queueA.id, unreadMessages: 1 },
    });
    expect(channels(sockets.a)).toEqual(['appMessage:create', 'ticket:update']);
    expect(channels(sockets.admin)).toEqual(['appMessage:create', 'ticket:update']);
    expect(frames(sockets.b)).toEqual([]);
  });

  it('a transfer tells the old audience to drop the ticket and the new one to show it', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'transferir' });
    const t = (await ticketOf(w, number))!;
    await flush();
    ws.reset();

    await putTicket(w.operatorA.token, t.id, { queueId: w.queueB.id, userId: null });
    await flush();

    expect(channels(sockets.a)).toEqual(['ticket:delete']);
    expect(channels(sockets.b)).toEqual(['ticket:update']);
    expect(channels(sockets.admin)).toEqual(['ticket:delete', 'ticket:update']);
    expect(JSON.stringify(frames(sockets.a))).not.toContain('transferir');
  });

  it("a transfer to another queue's user leaves the old assignee only the ticket's id to drop", async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'segredo do cliente' });
    const t = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id });
    await flush();
    ws.reset();

    await putTicket(w.admin.token, t.id, { queueId: w.queueB.id, userId: w.operatorB.user.id });
    await flush();

    // Operator A (queue A, the old assignee) may no longer see it: one delete, the id and nothing else.
    expect(frames(sockets.a).map((f) => f.data)).toEqual([{ action: 'delete', ticketId: t.id, reason: 'moved' }]);
    expect(channels(sockets.b)).toEqual(['ticket:update']);
    expect(frames(sockets.b)[0]!.data.ticket).toMatchObject({ id: t.id, status: 'open', userId: w.operatorB.user.id });
    expect(channels(sockets.admin)).toEqual(['ticket:delete', 'ticket:update']);
  });

  it("each write of a ticket's text or unread count carries a greater activityVersion, which a move keeps", async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'primeira' });
    const t = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id });
    await customerSays(w, { number, body: 'segunda' });
    await apiCall('messages', 'GET', '/messages/{id}', { token: w.operatorA.token, pathParameters: { id: t.id } });
    await customerSays(w, { number, body: 'terceira' });
    await putTicket(w.admin.token, t.id, { queueId: w.queueB.id, userId: w.operatorB.user.id });
    await flush();

    type Data = { action: string; activityVersion?: number; ticket?: { activityVersion: number; unreadMessages: number } };
    const versions = frames(sockets.admin)
      .map((f) => f.data as Data)
      .filter((d) => d.action !== 'delete')
      .map((d) => [d.action, d.ticket?.activityVersion ?? d.activityVersion, d.ticket?.unreadMessages]);
    // the first message opens the ticket with its activity (1); accepting and moving write no activity
    expect(versions).toEqual([
      ['create', 1, 1],
      ['update', 1, 1],
      ['update', 1, 1],
      ['create', 2, 2],
      ['updateUnread', 3, undefined],
      ['create', 4, 1],
      ['update', 4, 1],
    ]);
  });

  it('acks go to the consoles showing the ticket; opening it sends updateUnread', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const t = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id });
    // Operator A shows the ticket (joins its room); operator B tries and is refused.
    await realtime({
      requestContext: { routeKey: '$default', connectionId: sockets.a },
      body: JSON.stringify({ action: 'joinTicket', ticketId: t.id }),
    });
    const refused = await realtime({
      requestContext: { routeKey: '$default', connectionId: sockets.b },
      body: JSON.stringify({ action: 'joinTicket', ticketId: t.id }),
    });
    expect(JSON.parse(refused.body!).data.action).toBe('refused');
    const sent = (
      await apiCall('messages', 'POST', '/messages/{id}', {
        token: w.operatorA.token,
        pathParameters: { id: t.id },
        body: { body: 'resposta' },
      })
    ).body.messages[0];
    await flush();
    ws.reset();

    const send = vi.spyOn(ddb(), 'send');
    await deliver({
      companyId: w.cid,
      connectionId: w.connection.id,
      occurredAt: new Date().toISOString(),
      eventId: ulid(),
      type: 'message.ack',
      externalId: sent.externalId,
      ack: 2,
    });
    // The ack raises the message, then reads its contact and ticket in one call.
    const reads = send.mock.calls.map(([command]) => command as object);
    send.mockRestore();
    expect(reads.filter((c) => c instanceof GetCommand)).toEqual([]);
    expect(
      reads
        .filter((c): c is BatchGetCommand => c instanceof BatchGetCommand)
        .map((c) => Object.values(c.input.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).map((k) => String(k.SK)))),
    ).toEqual([[t.contact.id, 'TICKET']]);
    await apiCall('messages', 'GET', '/messages/{id}', { token: w.operatorA.token, pathParameters: { id: t.id } });
    await flush();

    expect(channels(sockets.a)).toEqual(['appMessage:update', 'ticket:updateUnread']);
    expect(frames(sockets.a)[0]!.data.message).toMatchObject({ id: sent.id, ack: 2 });
    expect(frames(sockets.b)).toEqual([]);
  });
});
