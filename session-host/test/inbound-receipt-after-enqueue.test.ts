/**
 * Issue 31: customer messages lost when the session host is SIGKILLed under load. The simulated
 * WhatsApp server took a message as delivered the moment it handed it to the socket, while the host's
 * enqueue to the inbound queue was still in flight (load widens that window); the host died, and
 * nothing offered the message again. Here the window is held open on purpose — the sink never
 * finishes the enqueue — and the host is "killed": its simulated world and storage stop at once, as
 * they do in a SIGKILLed process. The next life of the host must be offered the message again.
 */
import type { ChannelEvent, OutboundCommand } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorAdapter } from '../src/adapters/simulator/simulator-adapter';
import { SimulatorPersistence } from '../src/adapters/simulator/simulator-persistence';
import { SimulatorWorld } from '../src/adapters/simulator/simulator-world';
import { silentLogger } from '../src/logger';
import { SessionManager } from '../src/session-manager';
import type { SessionRegistry } from '../src/session-types';
import { command, eventually } from './support/environment';
import { FAST_SIMULATOR } from './support/host-harness';
import { memoryTable } from './support/memory-table';
import { sharedStores } from './support/shared-stores';

const CUSTOMER = '5511988880001';

let stores: Awaited<ReturnType<typeof sharedStores>>;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

/** The inbound queue as the host sees it; while `held`, a customer message's enqueue never completes (a loaded machine). */
class InboundSink {
  readonly events: ChannelEvent[] = [];
  held = false;
  private readonly releases: (() => void)[] = [];

  async publish(event: ChannelEvent): Promise<void> {
    this.events.push(event);
    if (this.held && event.type === 'message.received') await new Promise<void>((r) => this.releases.push(r));
  }

  release(): void {
    this.held = false;
    for (const release of this.releases.splice(0)) release();
  }

  received(externalId: string): ChannelEvent[] {
    return this.events.filter((e) => e.type === 'message.received' && e.message.externalId === externalId);
  }
}

/** The shard registry both lives of the host read (it lives in DynamoDB, not in the host). */
function sharedRegistry(): SessionRegistry {
  const sessions = new Map<string, { companyId: string; connectionId: string; adapter: 'simulator' }>();
  return {
    register: async (s) => void sessions.set(s.connectionId, { ...s, adapter: 'simulator' }),
    unregister: async (_companyId, connectionId) => void sessions.delete(connectionId),
    list: async () => [...sessions.values()],
  };
}

/** One life of a session host process: its simulated WhatsApp (stored in `table`), its manager and its inbound sink. */
function hostLife(table: ReturnType<typeof memoryTable>, registry: SessionRegistry) {
  const storage = table.client();
  const persistence = new SimulatorPersistence(storage.ddb, 'tbl', silentLogger());
  const world = new SimulatorWorld({ media: stores.media, log: silentLogger(), persistence, timing: FAST_SIMULATOR });
  const sink = new InboundSink();
  const manager = new SessionManager({
    registry,
    authStore: stores.authStore,
    media: stores.media,
    sink,
    createAdapter: () => new SimulatorAdapter(world),
    adapters: ['simulator'],
    defaultAdapter: 'simulator',
    reconnect: { initialMs: 10, maxMs: 50 },
    log: silentLogger(),
  });
  const connected = (connectionId: string) =>
    eventually(
      () =>
        sink.events.some(
          (e) => e.type === 'connection.status' && e.connectionId === connectionId && e.status === 'CONNECTED',
        ),
      10_000,
      'CONNECTED',
    );
  /** SIGKILL: no stop, no flush; the world's timers and storage writes end where they are. */
  const kill = () => {
    storage.kill();
    world.dispose();
  };
  return { world, sink, manager, connected, kill, storage };
}

async function pairedFirstLife() {
  const table = memoryTable();
  const registry = sharedRegistry();
  const ids = stores.ids();
  const first = hostLife(table, registry);
  await first.manager.execute(command('session.start', ids, { adapter: 'simulator' }) as OutboundCommand);
  const phone = await eventually(() =>
    first.world.find(ids.connectionId)?.awaitingScan ? first.world.find(ids.connectionId) : undefined,
  );
  await phone.scan();
  await first.connected(ids.connectionId);
  phone.upsertContact({ name: 'Maria', number: CUSTOMER });
  await phone.saved(); // the customer was saved long before the burst
  return { table, registry, ids, first, phone };
}

describe('a customer message handed to a session host that dies before enqueueing it', () => {
  it('is receipted (two ticks) only once the host has enqueued it', async () => {
    const { first, phone } = await pairedFirstLife();
    first.sink.held = true;
    const sent = await phone.customerSends(CUSTOMER, { text: 'Oi' });
    await eventually(() => first.sink.received(sent.id).length === 1, 5_000, 'handed to the host');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.ack).toBe(1); // on the server only: the enqueue has not finished

    first.sink.release();
    await eventually(() => sent.ack === 2, 5_000, 'receipted after the enqueue');
    first.kill();
  });

  it.each([
    ['right after the send was answered', 0],
    ['after the old write-behind had stored it as delivered', 250],
  ])('is offered again to the next life of the host: killed %s', async (_when, killAfterMs) => {
    const { table, registry, ids, first, phone } = await pairedFirstLife();
    first.sink.held = true;
    const sent = await phone.customerSends(CUSTOMER, { text: `Oi ${killAfterMs}` });
    await eventually(() => first.sink.received(sent.id).length === 1, 5_000, 'handed to the host');
    await new Promise((r) => setTimeout(r, killAfterMs));
    first.kill();

    const second = hostLife(table, registry);
    await second.manager.resumeAll();
    await second.connected(ids.connectionId);
    await eventually(() => second.sink.received(sent.id).length === 1, 5_000, 'offered again after the restart');
    const event = second.sink.received(sent.id)[0]!;
    expect(event).toMatchObject({ eventId: first.sink.received(sent.id)[0]!.eventId }); // the same dedup id
    const stored = second.world
      .find(ids.connectionId)!
      .conversation(CUSTOMER)
      .messages.find((m) => m.id === sent.id)!;
    await eventually(() => stored.ack === 2, 5_000, 'receipted by the new host');
    await new Promise((r) => setTimeout(r, 100));
    expect(second.sink.received(sent.id)).toHaveLength(1); // once the receipt came, not offered again
    await second.manager.stopAll();
    second.kill();
  });

  it('reaches the host only once the server has stored it: a kill before leaves it neither on the phone nor on the platform', async () => {
    const { table, registry, ids, first, phone } = await pairedFirstLife();
    first.storage.slow();
    let answered = false;
    void phone.customerSends(CUSTOMER, { text: 'guardada antes' }).then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 150));
    // Had the host got it now, a kill would leave the platform with a message the customer's phone
    // does not show: the customer, seeing no answer and nothing on the phone, types it again (doubled).
    expect(first.sink.events.filter((e) => e.type === 'message.received')).toEqual([]);
    expect(answered).toBe(false);
    first.kill();

    const second = hostLife(table, registry);
    await second.manager.resumeAll();
    await second.connected(ids.connectionId);
    await new Promise((r) => setTimeout(r, 150));
    expect(second.world.find(ids.connectionId)!.conversation(CUSTOMER).messages).toEqual([]);
    expect(second.sink.events.filter((e) => e.type === 'message.received')).toEqual([]);
    await second.manager.stopAll();
    second.kill();
  });

  it('a message receipted before the kill is not offered again', async () => {
    const { table, registry, ids, first, phone } = await pairedFirstLife();
    const sent = await phone.customerSends(CUSTOMER, { text: 'já entregue' });
    await eventually(() => sent.ack === 2, 5_000, 'receipted');
    await new Promise((r) => setTimeout(r, 250)); // the receipt's ack stored behind
    first.kill();

    const second = hostLife(table, registry);
    await second.manager.resumeAll();
    await second.connected(ids.connectionId);
    await new Promise((r) => setTimeout(r, 200));
    expect(second.sink.received(sent.id)).toEqual([]);
    await second.manager.stopAll();
    second.kill();
  });
});
