/**
 * POST/GET/DELETE /messages: sends through the outbound queue (recorded first, echo and acks find
 * it), signature, quoting, idempotency, own-message deletes, presigned media uploads.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelEvent, MessageDto, TicketDto } from '@atende/shared';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/data/client';
import { messageIdForCommand } from '../src/shared-surface/outbound-message-ids';
import { apiCall } from './support/api-event';
import { startMediaBucket } from './support/media-bucket';
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
let s3: Awaited<ReturnType<typeof startMediaBucket>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  s3 = await startMediaBucket();
  w = await createWorkspace();
});
afterAll(async () => {
  await s3?.stop();
  await queues?.stop();
});

async function openTicket(): Promise<TicketDto> {
  const number = newNumber();
  await customerSays(w, { number, body: 'oi, tudo bem?' });
  const t = (await ticketOf(w, number))!;
  expect((await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id })).status).toBe(200);
  await queues.take('outbound-0');
  return t;
}
const send = (token: string, ticketId: string, body: unknown) =>
  apiCall('messages', 'POST', '/messages/{id}', { token, pathParameters: { id: ticketId }, body });
const conversation = async (ticketId: string): Promise<MessageDto[]> =>
  (await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticketId } })).body
    .messages;
const commands = async () => (await queues.take('outbound-0')).map((c) => c.body);

describe('a conversation keeps the order its messages were processed in', () => {
  it('a burst of one chat handled within the same milliseconds reads back in that order', async () => {
    const t = await openTicket();
    const bodies = Array.from({ length: 20 }, (_, i) => `linha ${i}`);
    await deliver(...bodies.map((body) => customerEvent(w, { number: t.contact.number, body })));
    const shown = (await conversation(t.id)).map((m) => m.body);
    expect(shown.slice(-bodies.length)).toEqual(bodies);
  });
});

describe('sending', () => {
  it('records the message on the ticket, queues message.send, and the echo and acks find it', async () => {
    const t = await openTicket();

    const res = await send(w.operatorA.token, t.id, { body: 'Olá! Como posso ajudar?', signature: false });

    expect(res.status).toBe(201);
    const [sent] = res.body.messages as MessageDto[];
    expect(sent).toMatchObject({
      body: 'Olá! Como posso ajudar?',
      fromMe: true,
      ack: 0,
      ticketId: t.id,
      userId: w.operatorA.user.id,
    });
    const [command] = await commands();
    expect(command).toMatchObject({
      type: 'message.send',
      to: `${t.contact.number}@s.whatsapp.net`,
      text: 'Olá! Como posso ajudar?',
      clientMessageId: sent!.id,
    });
    expect(sent!.externalId).toBe(messageIdForCommand(w.connection.id, command.commandId));

    // The session host's echo of the send, then the delivery ack.
    const base = { companyId: w.cid, connectionId: w.connection.id, occurredAt: new Date().toISOString() };
    const echo: ChannelEvent = {
      ...base,
      eventId: `msg:${w.connection.id}:${sent!.externalId}`,
      type: 'message.sent',
      message: {
        externalId: sent!.externalId,
        fromMe: true,
        isGroup: false,
        body: 'Olá! Como posso ajudar?',
        timestamp: new Date().toISOString(),
        contact: { jid: `${t.contact.number}@s.whatsapp.net`, number: t.contact.number },
        clientMessageId: sent!.id,
      },
    };
    const spy = vi.spyOn(ddb(), 'send');
    await deliver(echo);
    const calls = spy.mock.calls.map(([command]) => (command as object).constructor.name);
    spy.mockRestore();
    // Recorded before the send: one read of the message settles the echo, nothing is written.
    expect(calls).toEqual(['GetCommand']);
    await deliver({
      ...base,
      eventId: `ack:${sent!.externalId}:3`,
      type: 'message.ack',
      externalId: sent!.externalId,
      ack: 3,
    });

    const messages = await conversation(t.id);
    expect(messages.filter((m) => m.fromMe)).toEqual([expect.objectContaining({ id: sent!.id, ack: 3 })]);
    expect((await ticketOf(w, t.contact.number))!.lastMessage).toBe('Olá! Como posso ajudar?');
  });

  it('sends once when the console retries with the same clientMessageId', async () => {
    const t = await openTicket();
    const body = { body: 'uma vez só', clientMessageId: 'c0ffee-0001-retry' };
    const a = await send(w.operatorA.token, t.id, body);
    const b = await send(w.operatorA.token, t.id, body);
    expect(a.body.messages[0].id).toBe(b.body.messages[0].id);
    const queued = await commands();
    expect(new Set(queued.map((c) => c.commandId)).size).toBe(1); // SQS and the session host collapse the repeat by commandId
    expect((await conversation(t.id)).filter((m) => m.fromMe)).toHaveLength(1);
  });

  it('scopes clientMessageId to the ticket: a retry answers the first send, another ticket sends its own', async () => {
    const t = await openTicket();
    const other = await openTicket(); // same connection, another customer
    const key = 'c0ffee-0002-scope';
    const first = await send(w.operatorA.token, t.id, { body: 'primeira', signature: false, clientMessageId: key });
    const retry = await send(w.operatorA.token, t.id, { body: 'primeira', signature: false, clientMessageId: key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.messages).toEqual([expect.objectContaining({ id: first.body.messages[0].id, ticketId: t.id })]);

    const elsewhere = await send(w.operatorA.token, other.id, { body: 'outra', signature: false, clientMessageId: key });
    expect(elsewhere.status).toBe(201);
    const [theirs] = elsewhere.body.messages as MessageDto[];
    expect(theirs).toMatchObject({ ticketId: other.id, body: 'outra' });
    expect(theirs!.id).not.toBe(first.body.messages[0].id);

    const queued = await commands();
    const byKey = new Map(queued.map((c) => [c.commandId, c]));
    expect([...byKey.values()].map((c) => [c.to, c.text])).toEqual([
      [`${t.contact.number}@s.whatsapp.net`, 'primeira'],
      [`${other.contact.number}@s.whatsapp.net`, 'outra'],
    ]);
    expect((await conversation(t.id)).filter((m) => m.fromMe).map((m) => m.body)).toEqual(['primeira']);
    expect((await conversation(other.id)).filter((m) => m.fromMe).map((m) => m.body)).toEqual(['outra']);
  });

  it("signs with the operator's name: by choice, or forced by userAlwaysSubmitSignature", async () => {
    const t = await openTicket();
    await send(w.operatorA.token, t.id, { body: 'assinado', signature: true });
    await send(w.operatorA.token, t.id, { body: 'sem assinatura', signature: false });
    await setCompanySetting(w, 'userAlwaysSubmitSignature', 'enabled');
    try {
      await send(w.operatorA.token, t.id, { body: 'forçada', signature: false });
    } finally {
      await setCompanySetting(w, 'userAlwaysSubmitSignature', 'disabled');
    }
    expect((await commands()).map((c) => c.text)).toEqual([
      '*Operadora A:*\nassinado',
      'sem assinatura',
      '*Operadora A:*\nforçada',
    ]);
  });

  it('quotes a message of the same ticket only', async () => {
    const t = await openTicket();
    const other = await openTicket();
    const customer = (await conversation(t.id)).find((m) => !m.fromMe)!;
    const quoted = await send(w.operatorA.token, t.id, {
      body: 'respondendo',
      quotedMsg: { id: customer.id },
      signature: false,
    });
    expect(quoted.body.messages[0].quotedMsg).toMatchObject({ id: customer.id, body: 'oi, tudo bem?' });
    expect((await commands())[0].quoted).toMatchObject({ externalId: customer.externalId, fromMe: false });
    expect((await send(w.operatorA.token, other.id, { body: 'x', quotedMsg: customer.id })).status).toBe(400);
  });

  it("quotes a customer's message whose pipeline has not written its reference yet, on its own ticket only", async () => {
    const t = await openTicket();
    const other = await openTicket();
    await customerSays(w, { number: t.contact.number, body: 'acabou de chegar' });
    const arrived = (await conversation(t.id)).find((m) => m.body === 'acabou de chegar')!;
    // As the console sees it while its pipeline still runs (bots, search words): on the ticket, no reference.
    await ddb().send(
      new DeleteCommand({ TableName: tableName(), Key: { PK: `C#${w.cid}#MSGREF#${arrived.id}`, SK: 'REF' } }),
    );

    const quoted = await send(w.operatorA.token, t.id, { body: 'já vi', quotedMsg: arrived.id, signature: false });
    expect(quoted.status).toBe(201);
    expect(quoted.body.messages[0].quotedMsg).toMatchObject({ id: arrived.id, body: 'acabou de chegar' });
    expect((await commands())[0].quoted).toMatchObject({ externalId: arrived.externalId, fromMe: false });
    expect((await send(w.operatorA.token, other.id, { body: 'x', quotedMsg: arrived.id })).status).toBe(400);
  });

  it('refuses pending and closed tickets, other queues, and empty bodies', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const pending = (await ticketOf(w, number))!;
    const notOpen = await send(w.operatorA.token, pending.id, { body: 'oi' });
    expect(notOpen.status).toBe(403);
    expect(notOpen.body.error).toBe('ERR_NO_PERMISSION');
    expect((await send(w.operatorB.token, pending.id, { body: 'oi' })).body.error).toBe('ERR_NO_PERMISSION');
    const t = await openTicket();
    expect((await send(w.operatorA.token, t.id, { body: '   ' })).status).toBe(400);
    await putTicket(w.operatorA.token, t.id, { status: 'closed' });
    expect((await send(w.operatorA.token, t.id, { body: 'depois de fechar' })).status).toBe(403);
    expect(await commands()).toEqual([]);
  });

  it('marks a message whose send the channel refused', async () => {
    const t = await openTicket();
    const [sent] = (await send(w.operatorA.token, t.id, { body: 'vai falhar' })).body.messages as MessageDto[];
    await deliver({
      companyId: w.cid,
      connectionId: w.connection.id,
      occurredAt: new Date().toISOString(),
      eventId: `sendFailed:${sent!.id}`,
      type: 'message.sendFailed',
      clientMessageId: sent!.id,
      error: 'not connected',
    });
    expect((await conversation(t.id)).find((m) => m.id === sent!.id)).toMatchObject({ sendFailed: true });
  });
});

describe('deleting', () => {
  it('own messages only, while the ticket is open', async () => {
    const t = await openTicket();
    const [mine] = (await send(w.operatorA.token, t.id, { body: 'apagar' })).body.messages as MessageDto[];
    const customer = (await conversation(t.id)).find((m) => !m.fromMe)!;
    await commands();

    expect(
      (
        await apiCall('messages', 'DELETE', '/messages/{id}', {
          token: w.operatorA.token,
          pathParameters: { id: customer.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (await apiCall('messages', 'DELETE', '/messages/{id}', { token: w.admin.token, pathParameters: { id: mine!.id } }))
        .status,
    ).toBe(403);
    const deleted = await apiCall('messages', 'DELETE', '/messages/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: mine!.id },
    });
    expect(deleted.body).toMatchObject({ id: mine!.id, isDeleted: true });
    expect(await commands()).toEqual([expect.objectContaining({ type: 'message.delete', externalId: mine!.externalId })]);

    const [later] = (await send(w.operatorA.token, t.id, { body: 'outra' })).body.messages as MessageDto[];
    await putTicket(w.operatorA.token, t.id, { status: 'closed' });
    expect(
      (
        await apiCall('messages', 'DELETE', '/messages/{id}', {
          token: w.operatorA.token,
          pathParameters: { id: later!.id },
        })
      ).status,
    ).toBe(403);
  });
});

describe('media', () => {
  it('uploads straight to S3 through a presigned PUT, then sends the key', async () => {
    const t = await openTicket();
    const bytes = Buffer.from('%PDF-1.4 fake pdf');
    const tickets = await apiCall('messages', 'POST', '/messages/{id}/uploads', {
      token: w.operatorA.token,
      pathParameters: { id: t.id },
      body: { files: [{ fileName: 'orçamento.pdf', mimetype: 'application/pdf', size: bytes.length }] },
    });
    expect(tickets.status).toBe(201);
    const [upload] = tickets.body.uploads;
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
    expect(put.status).toBe(200);

    const res = await send(w.operatorA.token, t.id, {
      body: 'segue o orçamento',
      signature: false,
      medias: [{ key: upload.key, fileName: 'orçamento.pdf', mimetype: 'application/pdf' }],
    });

    expect(res.status).toBe(201);
    const [message] = res.body.messages as MessageDto[];
    expect(message).toMatchObject({ mediaType: 'document', body: 'segue o orçamento', mediaName: 'orçamento.pdf' });
    expect(decodeURIComponent(message!.mediaUrl!)).toContain('attachment; filename=');
    const download = await fetch(message!.mediaUrl!);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await commands())[0].media).toMatchObject({
      kind: 'document',
      key: upload.key,
      mimetype: 'application/pdf',
      sizeBytes: bytes.length,
    });
  });

  it("refuses blocked types, other tickets' keys and missing uploads", async () => {
    const t = await openTicket();
    const other = await openTicket();
    const blocked = await apiCall('messages', 'POST', '/messages/{id}/uploads', {
      token: w.operatorA.token,
      pathParameters: { id: t.id },
      body: { files: [{ fileName: 'virus.exe', mimetype: 'application/octet-stream', size: 10 }] },
    });
    expect(blocked.status).toBe(400);
    const up = (
      await apiCall('messages', 'POST', '/messages/{id}/uploads', {
        token: w.operatorA.token,
        pathParameters: { id: other.id },
        body: { files: [{ fileName: 'foto.png', mimetype: 'image/png', size: 10 }] },
      })
    ).body.uploads[0];
    const media = [{ key: up.key, fileName: 'foto.png', mimetype: 'image/png' }];
    expect((await send(w.operatorA.token, t.id, { body: '', medias: media })).status).toBe(400); // key of another ticket
    expect((await send(w.operatorA.token, other.id, { body: '', medias: media })).status).toBe(400); // never uploaded
  });
});
