/** The inbound FIFO group: the chat for messages and what follows them, the connection for its own state. */
import { describe, expect, it } from 'vitest';
import type { ChannelEvent } from '@atende/shared';
import { MessageGroups } from '../src/queues/message-groups';

const base = { eventId: 'e', companyId: 'c1', connectionId: 'conn1', occurredAt: new Date().toISOString() };
const message = (externalId: string, jid: string): ChannelEvent => ({
  ...base,
  type: 'message.received',
  message: { externalId, fromMe: false, isGroup: false, body: 'oi', timestamp: base.occurredAt, contact: { jid } },
});

describe('MessageGroups', () => {
  it("puts each chat in its own group and acks, edits and deletes in their message's group", () => {
    const groups = new MessageGroups();
    expect(groups.of(message('m1', '5511999990001@s.whatsapp.net'))).toBe('conn1:5511999990001@s.whatsapp.net');
    expect(groups.of(message('m2', '5511999990002@s.whatsapp.net'))).toBe('conn1:5511999990002@s.whatsapp.net');
    expect(groups.of({ ...base, type: 'message.ack', externalId: 'm1', ack: 3 })).toBe('conn1:5511999990001@s.whatsapp.net');
    expect(groups.of({ ...base, type: 'message.deleted', externalId: 'm2' })).toBe('conn1:5511999990002@s.whatsapp.net');
  });

  it("puts the platform's own sends and their acks in the chat's outbound lane, phone-sent messages in the chat", () => {
    const groups = new MessageGroups();
    const chat = 'conn1:5511999990001@s.whatsapp.net';
    const sent = (externalId: string, clientMessageId?: string): ChannelEvent => ({
      ...base,
      type: 'message.sent',
      message: {
        externalId,
        fromMe: true,
        isGroup: false,
        body: 'olá',
        timestamp: base.occurredAt,
        contact: { jid: '5511999990001@s.whatsapp.net' },
        ...(clientMessageId ? { clientMessageId } : {}),
      },
    });
    expect(groups.of(sent('ours', 'client-1'))).toBe(`${chat}:out`);
    expect(groups.of(sent('typed-on-phone'))).toBe(chat);
    expect(groups.of({ ...base, type: 'message.ack', externalId: 'ours', ack: 1 })).toBe(`${chat}:out`);
    expect(groups.of({ ...base, type: 'message.ack', externalId: 'ours', ack: 3 })).toBe(`${chat}:out`);
    expect(groups.of({ ...base, type: 'message.deleted', externalId: 'ours' })).toBe(`${chat}:out`);
    expect(groups.of({ ...base, type: 'message.ack', externalId: 'typed-on-phone', ack: 2 })).toBe(chat);
    expect(groups.of(message('m3', '5511999990001@s.whatsapp.net'))).toBe(chat);
  });

  it("puts a message's file, reactions and refusal in its message's group, so none can overtake the message", () => {
    const groups = new MessageGroups();
    const chat = 'conn1:5511999990001@s.whatsapp.net';
    expect(groups.of(message('photo', '5511999990001@s.whatsapp.net'))).toBe(chat);
    expect(groups.of({ ...base, type: 'message.media', externalId: 'photo', failure: { reason: 'download-failed' } })).toBe(
      chat,
    );
    expect(groups.of({ ...base, type: 'message.reaction', externalId: 'photo', emoji: '👍', fromMe: true })).toBe(chat);
    const sent: ChannelEvent = {
      ...base,
      type: 'message.sent',
      message: {
        externalId: 'ours',
        fromMe: true,
        isGroup: false,
        body: 'olá',
        timestamp: base.occurredAt,
        contact: { jid: '5511999990001@s.whatsapp.net' },
        clientMessageId: 'client-1',
      },
    };
    expect(groups.of(sent)).toBe(`${chat}:out`);
    expect(groups.of({ ...base, type: 'message.sendFailed', externalId: 'ours', error: '463' })).toBe(`${chat}:out`);
    // Refused before sending: known only by the API's id, recorded before the command was queued.
    expect(groups.of({ ...base, type: 'message.sendFailed', clientMessageId: 'client-2', error: 'x' })).toBe('conn1');
  });

  it("keeps the connection's own events (and acks of unknown messages) in the connection's group", () => {
    const groups = new MessageGroups();
    expect(groups.of({ ...base, type: 'connection.status', status: 'CONNECTED' })).toBe('conn1');
    expect(groups.of({ ...base, type: 'connection.qr', qr: 'x', attempt: 1 })).toBe('conn1');
    expect(groups.of({ ...base, type: 'message.ack', externalId: 'never-seen', ack: 2 })).toBe('conn1');
  });
});
