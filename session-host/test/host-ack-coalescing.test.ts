/**
 * Issue 28 §1 through a whole session host: a message's acks that arrive close together leave the
 * host as one event (queues/ack-coalescer.ts), and a graceful stop publishes the ones still held.
 * The simulated phone acks a business message at 0, 20 and 60 ms here (FAST_SIMULATOR).
 */
import type { ChannelEvent } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionHost, HostOverrides } from '../src/host';
import type { SimulatedPhone } from '../src/adapters/simulator/simulated-phone';
import { ACK_WINDOW_MS } from '../src/queues/ack-coalescer';
import type { MemoryEventSink } from '../src/queues/inbound-publisher';
import { createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { connectSimulated, startHost } from './support/host-harness';

const CUSTOMER = '5511977770001';

const acksOf = (sink: MemoryEventSink, externalId: string) =>
  sink.events.filter(
    (e): e is Extract<ChannelEvent, { type: 'message.ack' }> => e.type === 'message.ack' && e.externalId === externalId,
  );

/** A host with a simulated connection whose phone knows the customer. */
function connectedHost(overrides: HostOverrides = {}) {
  const running = {} as {
    env: TestEnvironment;
    host: SessionHost;
    sink: MemoryEventSink;
    phone: SimulatedPhone;
    stopped?: Promise<void>;
  };
  beforeAll(async () => {
    running.env = await createTestEnvironment();
    const { host, sink } = startHost(running.env, undefined, overrides);
    await host.start();
    const { phone } = await connectSimulated(running.env, host, sink);
    phone.upsertContact({ name: 'Maria', number: CUSTOMER });
    Object.assign(running, { host, sink, phone });
  });
  afterAll(async () => {
    await (running.stopped ??= running.host.stop());
    running.env.destroy();
  });
  return running;
}

describe('session host: acks of a message', () => {
  const running = connectedHost();

  it('publishes sent, delivered and read that arrive within the window as one event: read', async () => {
    const { phone, sink } = running;
    const message = phone.typeOnPhone(CUSTOMER, 'Bom dia');
    await eventually(() => message.ack === 3, 5_000, 'read on the customer’s phone');
    await sink.waitFor((e) => e.type === 'message.ack' && e.externalId === message.id, ACK_WINDOW_MS + 2_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(acksOf(sink, message.id).map((e) => e.ack)).toEqual([3]);
    // The message's own event went first.
    const sent = sink.events.findIndex((e) => e.type === 'message.sent' && e.message.externalId === message.id);
    expect(sent).toBeGreaterThanOrEqual(0);
    expect(sent).toBeLessThan(sink.events.indexOf(acksOf(sink, message.id)[0]!));
  });
});

describe('session host: acks held when it stops', () => {
  // A window no test waits out: only the stop can publish what is held.
  const running = connectedHost({ ackWindowMs: 600_000 });

  it('publishes them on a graceful stop', async () => {
    const { phone, sink } = running;
    const message = phone.typeOnPhone(CUSTOMER, 'Até logo');
    await eventually(() => message.ack === 3, 5_000, 'read on the customer’s phone');
    await new Promise((r) => setTimeout(r, 100));
    expect(acksOf(sink, message.id)).toEqual([]); // held

    await (running.stopped = running.host.stop());
    expect(acksOf(sink, message.id).map((e) => e.ack)).toEqual([3]);
  });
});
