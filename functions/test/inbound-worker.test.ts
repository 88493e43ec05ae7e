/**
 * The inbound worker: channel events from the session host → connection state, contacts and
 * messages, idempotently (SQS delivers at least once), checked through the API where one exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ChannelEvent, ChannelMessage, ConnectionDto, MessageDto } from '@atende/shared';
import { getContact } from '../src/data/contacts';
import { getMessage, insertMessageOnce, isMessagePipelineDone } from '../src/data/messages';
import { handler as inbound } from '../src/handlers/inbound/index';
import { processSqsBatch } from '../src/platform/sqs-batch';
import { logger } from '../src/platform/logger';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues } from './support/local-queues';
import { createTestTenant } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
let queues: Awaited<ReturnType<typeof useLocalQueues>>;
let t: Tenant;
let connection: ConnectionDto;

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(1);
  t = await createTestTenant();
  connection = (await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'Atendimento' } }))
    .body;
});
afterAll(async () => {
  await queues?.stop();
});

const base = (occurredAt = new Date()) => ({
  eventId: ulid(),
  companyId: t.company.id,
  connectionId: connection.id,
  occurredAt: occurredAt.toISOString(),
});

function customerMessage(overrides: Partial<ChannelMessage> = {}): ChannelEvent {
  return {
    ...base(),
    type: 'message.received',
    message: {
      externalId: `3EB0${ulid()}`,
      fromMe: false,
      isGroup: false,
      body: 'Olá, preciso de ajuda',
      timestamp: new Date().toISOString(),
      contact: { jid: '5511988887777@s.whatsapp.net', number: '5511988887777', pushName: 'Maria' },
      ...overrides,
    },
  };
}

/** Delivers events as one SQS batch (group = connection, as the FIFO queue does). */
const deliver = (...events: (ChannelEvent | string)[]) =>
  inbound(sqsEvent(events.map((e) => ({ body: typeof e === 'string' ? e : JSON.stringify(e), groupId: connection.id }))));

/** A message as the console reads it: in its ticket's conversation (GET /messages/{ticketId}); [] when not on a ticket. */
async function findMessage(externalId: string): Promise<MessageDto[]> {
  const stored = await getMessage(t.company.id, connection.id, externalId);
  if (!stored?.ticketId) return [];
  const res = await apiCall('messages', 'GET', '/messages/{id}', {
    token: t.admin.token,
    pathParameters: { id: stored.ticketId },
  });
  expect(res.status).toBe(200);
  return (res.body.messages as MessageDto[]).filter((m) => m.externalId === externalId);
}
const connectionNow = async (): Promise<ConnectionDto> =>
  (await apiCall('whatsapp', 'GET', '/whatsapp/{id}', { token: t.admin.token, pathParameters: { id: connection.id } })).body;

describe('recording messages', () => {
  // Latency is measured in bench/inbound-pipeline.ts, not asserted here (2 shared cores).
  it('stores a simulated customer message, readable through the API', async () => {
    const event = customerMessage();

    const result = await deliver(event);
    const stored = await findMessage((event as Extract<ChannelEvent, { type: 'message.received' }>).message.externalId);

    expect(result.batchItemFailures).toEqual([]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      body: 'Olá, preciso de ajuda',
      fromMe: false,
      ack: 0,
      isDeleted: false,
      connectionId: connection.id,
    });
    const contact = await getContact(t.company.id, stored[0]!.contactId);
    expect(contact).toMatchObject({ name: 'Maria', number: '5511988887777' });
  });

  it('stores one message when the same event arrives twice (in two batches and twice in one batch)', async () => {
    const event = customerMessage({ body: 'duplicada' });
    const externalId = (event as Extract<ChannelEvent, { type: 'message.received' }>).message.externalId;

    await deliver(event);
    await deliver(event, event);
    // A redelivery of the same channel message under a new eventId (session host restarted) too.
    await deliver({ ...event, eventId: ulid() });

    expect(await findMessage(externalId)).toHaveLength(1);
  });

  it('finishes the after-recording steps on redelivery when a crash interrupted them', async () => {
    const event = customerMessage({ body: 'interrompida' }) as Extract<ChannelEvent, { type: 'message.received' }>;
    await deliver(event);
    const stored = (await getMessage(t.company.id, connection.id, event.message.externalId))!;
    // Simulate the crash: the message is stored but the pipeline never completed.
    const crashed = { ...stored, id: ulid(), externalId: `${stored.externalId}-crash`, pipelineDone: undefined };
    await insertMessageOnce(crashed);

    await deliver({ ...event, message: { ...event.message, externalId: crashed.externalId } });

    expect(await isMessagePipelineDone((await getMessage(t.company.id, connection.id, crashed.externalId))!)).toBe(true);
    expect(await findMessage(crashed.externalId)).toHaveLength(1);
  });

  it('records messages sent from the phone itself', async () => {
    const event = customerMessage({ fromMe: true, body: 'enviada pelo celular' });
    await deliver({ ...event, type: 'message.sent' } as ChannelEvent);
    const [stored] = await findMessage((event as Extract<ChannelEvent, { type: 'message.received' }>).message.externalId);
    expect(stored).toMatchObject({ fromMe: true, read: true, body: 'enviada pelo celular' });
  });

  it('keeps media under the company prefix and drops media pointing elsewhere', async () => {
    const own = customerMessage({
      body: '',
      media: { kind: 'image', key: `C#${t.company.id}/media/${connection.id}/${ulid()}-foto.jpg`, mimetype: 'image/jpeg' },
    });
    const foreign = customerMessage({
      body: 'legenda',
      media: { kind: 'image', key: `C#OTHER/media/x/${ulid()}-foto.jpg`, mimetype: 'image/jpeg' },
    });
    await deliver(own, foreign);
    const ownStored = (await getMessage(t.company.id, connection.id, (own as any).message.externalId))!;
    const foreignStored = (await getMessage(t.company.id, connection.id, (foreign as any).message.externalId))!;
    expect(ownStored).toMatchObject({ mediaType: 'image', mediaMimetype: 'image/jpeg' });
    expect(ownStored.mediaKey).toContain(`C#${t.company.id}/`);
    expect(foreignStored).toMatchObject({ mediaKey: null, mediaType: null, body: 'legenda' });
  });

  it('records group messages against the group, with the participant', async () => {
    const event = customerMessage({
      isGroup: true,
      body: 'no grupo',
      contact: { jid: '120363041234567890@g.us', name: 'Grupo Clientes' },
      participant: { jid: '5511977776666@s.whatsapp.net', pushName: 'João' },
    });
    await deliver(event);
    const stored = (await getMessage(t.company.id, connection.id, (event as any).message.externalId))!;
    expect(stored.participant).toEqual({ number: '5511977776666', name: 'João' });
    expect(await getContact(t.company.id, stored.contactId)).toMatchObject({
      isGroup: true,
      number: '120363041234567890',
      name: 'Grupo Clientes',
    });
  });

  it('quotes the replied-to message', async () => {
    const original = customerMessage({ body: 'pergunta' });
    const reply = customerMessage({ body: 'resposta', quotedExternalId: (original as any).message.externalId });
    await deliver(original, reply);
    const stored = (await getMessage(t.company.id, connection.id, (reply as any).message.externalId))!;
    expect(stored.quotedMsg).toMatchObject({ body: 'pergunta', externalId: (original as any).message.externalId });
  });
});

describe('matching contacts by number and by lid', () => {
  it('finds the same contact whichever key an event carries, learning the lid on the way', async () => {
    const number = '5521966665555';
    const byNumber = customerMessage({ contact: { jid: `${number}@s.whatsapp.net`, number } });
    const byBoth = customerMessage({
      contact: { jid: `${number}@s.whatsapp.net`, number, lid: '98765432101234@lid', pushName: 'Ana' },
    });
    const byLid = customerMessage({ contact: { jid: '98765432101234@lid' } });

    await deliver(byNumber);
    await deliver(byBoth);
    await deliver(byLid);

    const stored = await Promise.all(
      [byNumber, byBoth, byLid].map((e) => getMessage(t.company.id, connection.id, (e as any).message.externalId)),
    );
    const contactIds = new Set(stored.map((m) => m!.contactId));
    expect(contactIds.size).toBe(1);
    // The placeholder name (the number) was replaced by the push name; the lid is stored bare.
    expect(await getContact(t.company.id, [...contactIds][0]!)).toMatchObject({
      number,
      lid: '98765432101234',
      name: 'Ana',
    });
  });

  it('creates one contact when two first messages of a new customer arrive at once', async () => {
    const contact = { jid: '5531955554444@s.whatsapp.net', number: '5531955554444' };
    const [a, b] = [customerMessage({ contact }), customerMessage({ contact })];
    await Promise.all([deliver(a), inbound(sqsEvent([{ body: JSON.stringify(b), groupId: 'other-group' }]))]);
    const [ma, mb] = await Promise.all(
      [a, b].map((e) => getMessage(t.company.id, connection.id, (e as any).message.externalId)),
    );
    expect(ma!.contactId).toBe(mb!.contactId);
  });

  it('updates name and picture of known contacts only', async () => {
    const event = customerMessage({ contact: { jid: '5541944443333@s.whatsapp.net', number: '5541944443333' } });
    await deliver(event);
    const contactId = (await getMessage(t.company.id, connection.id, (event as any).message.externalId))!.contactId;
    await deliver(
      {
        ...base(),
        type: 'contact.updated',
        contact: { jid: '5541944443333@s.whatsapp.net', name: 'Carlos' },
        profilePicUrl: 'https://pps.example/c.jpg',
      },
      { ...base(), type: 'contact.updated', contact: { jid: '5541900000000@s.whatsapp.net', name: 'Desconhecido' } },
    );
    expect(await getContact(t.company.id, contactId)).toMatchObject({
      name: 'Carlos',
      profilePicUrl: 'https://pps.example/c.jpg',
    });
  });
});

describe('message changes', () => {
  it('raises acks only forwards, keeps the text before an edit, and marks deletions', async () => {
    const event = customerMessage({ fromMe: true, body: 'texto original' });
    const externalId = (event as any).message.externalId as string;
    await deliver({ ...event, type: 'message.sent' } as ChannelEvent);

    await deliver(
      { ...base(), type: 'message.ack', externalId, ack: 3 },
      { ...base(), type: 'message.ack', externalId, ack: 2 }, // late "delivered" after "read"
      { ...base(), type: 'message.edited', externalId, body: 'texto corrigido' },
      { ...base(), type: 'message.edited', externalId, body: 'texto corrigido' }, // redelivery
    );
    expect((await findMessage(externalId))[0]).toMatchObject({
      ack: 3,
      body: 'texto corrigido',
      editedMessage: 'texto original',
    });

    await deliver({ ...base(), type: 'message.deleted', externalId });
    expect((await findMessage(externalId))[0]!.isDeleted).toBe(true);
  });

  it('ignores changes to messages never recorded', async () => {
    const result = await deliver({ ...base(), type: 'message.ack', externalId: 'never-seen', ack: 2 });
    expect(result.batchItemFailures).toEqual([]);
  });
});

describe('connection state', () => {
  it('shows the QR, then the connected number, and ignores a stale QR redelivered afterwards', async () => {
    const qrAt = new Date(Date.now() - 2000);
    const qr = { ...base(qrAt), type: 'connection.qr', qr: '2@abc,def,ghi', attempt: 1 } as ChannelEvent;
    await deliver(qr);
    expect(await connectionNow()).toMatchObject({ status: 'qrcode', qrcode: '2@abc,def,ghi', retries: 1 });

    await deliver({ ...base(), type: 'connection.status', status: 'CONNECTED', number: '+55 11 91234-5678' });
    await deliver(qr);

    expect(await connectionNow()).toMatchObject({ status: 'CONNECTED', qrcode: '', number: '5511912345678', retries: 0 });
  });

  it('a logout leaves the connection DISCONNECTED', async () => {
    await deliver({ ...base(), type: 'connection.status', status: 'DISCONNECTED', loggedOut: true, reason: 'loggedOut' });
    expect(await connectionNow()).toMatchObject({ status: 'DISCONNECTED', qrcode: '' });
  });
});

describe('batches and tenants', () => {
  it('reports only the unparseable record as failed', async () => {
    const good1 = customerMessage({ body: 'boa 1' });
    const good2 = customerMessage({ body: 'boa 2' });
    const event = sqsEvent([
      { body: JSON.stringify(good1), groupId: connection.id },
      { body: '{"type":"message.received", "broken": ', groupId: connection.id, messageId: 'bad-record' },
      { body: JSON.stringify(good2), groupId: connection.id },
    ]);

    const result = await inbound(event);

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'bad-record' }]);
    expect(await findMessage((good1 as any).message.externalId)).toHaveLength(1);
    expect(await findMessage((good2 as any).message.externalId)).toHaveLength(1);
  });

  it('holds back later records of a FIFO group whose record failed, not other groups', async () => {
    const processed: string[] = [];
    const result = await processSqsBatch(
      sqsEvent([
        { body: 'a1', groupId: 'A', messageId: 'a1' },
        { body: 'a2', groupId: 'A', messageId: 'a2' },
        { body: 'b1', groupId: 'B', messageId: 'b1' },
        { body: 'a3', groupId: 'A', messageId: 'a3' },
      ]),
      {
        consumer: 'test',
        parse: (body) => body,
        process: async (body) => {
          if (body === 'a2') throw new Error('DynamoDB throttled');
          processed.push(body);
        },
      },
    );
    expect(processed).toEqual(['a1', 'b1']);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['a2', 'a3']);
  });

  it('drops events naming a connection of another company', async () => {
    const other = await createTestTenant();
    const forged = { ...customerMessage({ body: 'forjada' }), companyId: other.company.id } as ChannelEvent;

    const result = await deliver(forged);

    expect(result.batchItemFailures).toEqual([]); // dropped, not retried
    expect(await getMessage(other.company.id, connection.id, (forged as any).message.externalId)).toBeUndefined();
    expect(await getMessage(t.company.id, connection.id, (forged as any).message.externalId)).toBeUndefined();
  });
});
