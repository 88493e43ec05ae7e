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

  it("keeps the connection's own events (and acks of unknown messages) in the connection's group", () => {
    const groups = new MessageGroups();
    expect(groups.of({ ...base, type: 'connection.status', status: 'CONNECTED' })).toBe('conn1');
    expect(groups.of({ ...base, type: 'connection.qr', qr: 'x', attempt: 1 })).toBe('conn1');
    expect(groups.of({ ...base, type: 'message.ack', externalId: 'never-seen', ack: 2 })).toBe('conn1');
  });
});
