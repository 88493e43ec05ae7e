import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatorPersistence } from '../src/adapters/simulator/simulator-persistence';
import { SimulatorWorld } from '../src/adapters/simulator/simulator-world';
import type { SimContact, SimMessage } from '../src/adapters/simulator/simulator-types';
import { createLogger } from '../src/logger';
import type { MediaStore } from '../src/media/media-store';
import { memoryTable } from './support/memory-table';

const contact = (lastMessageAt: string) =>
  ({ number: '5511999990001', name: 'Ana', lastMessageAt }) as unknown as SimContact;
const message = (id: string) => ({ id, body: id, timestamp: '2026-11-25T10:00:00.000Z' }) as unknown as SimMessage;

function persistence() {
  const send = vi.fn().mockResolvedValue({});
  const store = new SimulatorPersistence({ send } as unknown as DynamoDBDocumentClient, 'tbl', createLogger('silent'));
  const written = () =>
    send.mock.calls.map(([command]) =>
      (command.input.RequestItems.tbl as { PutRequest: { Item: Record<string, unknown> } }[]).map((r) => r.PutRequest.Item),
    );
  return { store, send, written };
}

afterEach(() => vi.useRealTimers());

describe('simulator persistence', () => {
  it('writes a window of saves behind, in one BatchWriteItem, a contact saved several times once (its last state)', async () => {
    vi.useFakeTimers();
    const { store, send, written } = persistence();
    store.saveContact('c1', 'w1', contact('10:00'));
    store.saveMessage('c1', 'w1', '5511999990001', message('m1'));
    store.saveContact('c1', 'w1', contact('10:01'));
    store.saveMessage('c1', 'w1', '5511999990001', message('m2'));
    expect(send).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(150);
    const [call] = written();
    expect(written()).toHaveLength(1);
    expect(call!.map((item) => item.SK)).toEqual([
      'sim#contact#5511999990001',
      'sim#msg#5511999990001#m1',
      'sim#msg#5511999990001#m2',
    ]);
    expect((call![0]!.contact as { lastMessageAt: string }).lastMessageAt).toBe('10:01');
  });

  it("keeps the same customer's state on two connections apart", async () => {
    const { store, written } = persistence();
    store.saveContact('c1', 'w1', contact('10:00'));
    store.saveContact('c1', 'w2', contact('10:05'));
    await store.flush();
    expect(written()[0]!.map((item) => [item.PK, item.SK])).toHaveLength(2);
  });

  it('flush (the host stopping) writes what is still unsaved at once, and a failed write is only logged', async () => {
    const { store, send, written } = persistence();
    send.mockRejectedValueOnce(new Error('down'));
    store.saveMessage('c1', 'w1', '5511999990001', message('lost'));
    await expect(store.flush()).resolves.toBeUndefined();
    store.saveMessage('c1', 'w1', '5511999990001', message('kept'));
    await store.flush();
    expect(written().map((items) => items.map((item) => (item.message as { id: string }).id))).toEqual([['lost'], ['kept']]);
    await store.flush();
    expect(send).toHaveBeenCalledTimes(2); // nothing left to write
  });
});

describe('simulated conversations across a host restart', () => {
  it('save one item per customer message (not the contact again), and load the contact with its last message time', async () => {
    const table = memoryTable();
    const store = new SimulatorPersistence(table.ddb, 'tbl', createLogger('silent'));
    const world = (persistence: SimulatorPersistence) =>
      new SimulatorWorld({ media: {} as MediaStore, log: createLogger('silent'), persistence });
    const phone = world(store).phone('c1', 'w1');
    await phone.ensureLoaded();
    phone.upsertContact({ name: 'Ana', number: '5511999990001' });
    await store.flush();
    table.puts.length = 0;

    const first = await phone.customerSends('5511999990001', { text: 'Oi' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const last = await phone.customerSends('5511999990001', { text: 'Tudo bem?' });
    await store.flush();

    expect(table.puts.filter((sk) => sk.includes('contact#'))).toEqual([]);
    expect(new Set(table.puts)).toEqual(new Set([`sim#msg#5511999990001#${first.id}`, `sim#msg#5511999990001#${last.id}`]));
    const restarted = world(new SimulatorPersistence(table.ddb, 'tbl', createLogger('silent'))).phone('c1', 'w1');
    await restarted.ensureLoaded();
    const conversation = restarted.conversation('5511999990001');
    expect(conversation.contact.lastMessageAt).toBe(last.timestamp);
    expect(conversation.messages.map((m) => m.text)).toEqual(['Oi', 'Tudo bem?']);
  });

  it('a business message is stored before the send is accepted (a SIGKILL right after loses nothing)', async () => {
    vi.useFakeTimers();
    const table = memoryTable();
    const store = new SimulatorPersistence(table.ddb, 'tbl', createLogger('silent'));
    const phone = new SimulatorWorld({ media: {} as MediaStore, log: createLogger('silent'), persistence: store }).phone(
      'c1',
      'w1',
    );
    await phone.ensureLoaded();
    phone.upsertContact({ name: 'Ana', number: '5511999990001' });
    phone.businessSends({ id: 'camp-1', to: '5511999990001@s.whatsapp.net', text: 'Oferta' });
    await phone.saved(); // no timer advanced: the write-behind window has not passed
    expect(table.puts).toContain('sim#msg#5511999990001#camp-1');
  });
});
