/**
 * The outbound consumer on fauxqs (SQS FIFO) + DynamoDB Local, with the simulator adapter: exactly-once
 * execution under redelivery, and commands that wait for their connection.
 */
import type { ChannelEvent } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageIdForCommand } from '../src/adapters/message-ids';
import type { SessionHost } from '../src/host';
import { MemoryEventSink } from '../src/queues/inbound-publisher';
import { CommandLog } from '../src/registry/command-log';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { connectSimulated, isStatus, startHost } from './support/host-harness';

const CUSTOMER = '5511988887777';
const sentEventsFor = (sink: MemoryEventSink, clientMessageId: string) =>
  sink.events.filter(
    (e): e is Extract<ChannelEvent, { type: 'message.sent' }> =>
      e.type === 'message.sent' && e.message.clientMessageId === clientMessageId,
  );

describe('outbound consumer', () => {
  let env: TestEnvironment;
  const hosts: SessionHost[] = [];
  beforeEach(async () => {
    env = await createTestEnvironment();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const host of hosts.splice(0)) await host.stop().catch(() => undefined);
    env.destroy();
  });

  async function running() {
    const { host, sink, ready } = startHost(env);
    hosts.push(host);
    await ready;
    return { host, sink };
  }

  it('executes a command delivered twice only once', async () => {
    const { host, sink } = await running();
    const { ids, phone } = await connectSimulated(env, host, sink);
    const send = command('message.send', ids, { to: CUSTOMER, clientMessageId: 'client-dup', text: 'só uma vez' });

    // Two deliveries of one command (as after a redelivery past the FIFO dedup window).
    await env.sendCommand(send, 'delivery-a');
    await env.sendCommand(send, 'delivery-b');

    await eventually(() => host.consumer.stats.duplicates === 1, 10_000, 'second delivery skipped');
    const externalId = messageIdForCommand(ids.connectionId, send.commandId);
    expect(phone.conversation(CUSTOMER).messages.filter((m) => m.id === externalId)).toHaveLength(1);
    expect(sentEventsFor(sink, 'client-dup')).toHaveLength(1);
    // The duplicate is counted before its SQS delete returns: wait for both deliveries to be acknowledged.
    await eventually(() => host.consumer.inFlight === 0, 5_000, 'both deliveries acknowledged');
  });

  it('delivers a message queued while the host was down exactly once after it returns, without a new QR', async () => {
    const first = await running();
    const { ids, phone } = await connectSimulated(env, first.host, first.sink);
    phone.upsertContact({ name: 'Maria', number: CUSTOMER });
    await first.host.stop();
    hosts.splice(hosts.indexOf(first.host), 1);
    expect(first.sink.events.at(-1)).toMatchObject({
      type: 'connection.status',
      status: 'DISCONNECTED',
      connectionId: ids.connectionId,
    });

    const send = command('message.send', ids, {
      to: CUSTOMER,
      clientMessageId: 'client-while-down',
      text: 'enviada com o host fora',
    });
    await env.sendCommand(send);
    const second = await running();

    await second.sink.waitFor(isStatus(ids.connectionId, 'CONNECTED'), 10_000);
    const sent = await second.sink.waitFor(
      (e) => e.type === 'message.sent' && e.message.clientMessageId === 'client-while-down',
      10_000,
    );
    const statuses = second.sink.events
      .filter((e) => e.type === 'connection.status')
      .map((e) => (e as { status: string }).status);
    expect(statuses.slice(0, 2)).toEqual(['OPENING', 'CONNECTED']);
    expect(second.sink.events.filter((e) => e.type === 'connection.qr')).toEqual([]);
    // The simulated customer (state reloaded from DynamoDB by the new host) has it once.
    const resumedPhone = second.host.world!.find(ids.connectionId)!;
    await eventually(() =>
      resumedPhone
        .conversation(CUSTOMER)
        .messages.some((m) => m.id === (sent as { message: { externalId: string } }).message.externalId),
    );
    expect(resumedPhone.conversation(CUSTOMER).messages.filter((m) => m.text === 'enviada com o host fora')).toHaveLength(1);
    expect(sentEventsFor(second.sink, 'client-while-down')).toHaveLength(1);
  });

  it('holds a send while the connection is reconnecting and sends it once the network is back', async () => {
    const { host, sink } = await running();
    const { ids, phone } = await connectSimulated(env, host, sink);
    phone.drop();
    await sink.waitFor(isStatus(ids.connectionId, 'DISCONNECTED'));

    await env.sendCommand(
      command('message.send', ids, { to: CUSTOMER, clientMessageId: 'client-held', text: 'espera a rede' }),
    );
    await eventually(() => host.consumer.stats.held >= 1, 10_000, 'command held');
    expect(sentEventsFor(sink, 'client-held')).toHaveLength(0);
    expect(host.consumer.inFlight).toBe(1); // not deleted: still on the queue, in flight

    phone.restore();
    await sink.waitFor((e) => e.type === 'message.sent' && e.message.clientMessageId === 'client-held', 10_000);
    await eventually(() => host.consumer.inFlight === 0, 5_000, 'message deleted');
    expect(phone.conversation(CUSTOMER).messages.filter((m) => m.text === 'espera a rede')).toHaveLength(1);
  });

  it('sends a command whose marker could not be read, and the commands queued behind it', async () => {
    const { host, sink } = await running();
    const { ids, phone } = await connectSimulated(env, host, sink);
    // DynamoDB answering the marker read with an error once (throttled past the SDK's retries, a timeout).
    vi.spyOn(CommandLog.prototype, 'find').mockRejectedValueOnce(new Error('ProvisionedThroughputExceededException'));
    for (const n of [1, 2])
      await env.sendCommand(
        command('message.send', ids, { to: CUSTOMER, clientMessageId: `client-after-crash-${n}`, text: `depois ${n}` }),
      );

    // The crashed command comes back (after CRASH_RETRY_SECONDS) instead of being held in flight for ever.
    await sink.waitFor((e) => e.type === 'message.sent' && e.message.clientMessageId === 'client-after-crash-2', 15_000);
    const texts = phone.conversation(CUSTOMER).messages.map((m) => m.text);
    expect(texts.filter((t) => t.startsWith('depois '))).toEqual(['depois 1', 'depois 2']);
    await eventually(() => host.consumer.inFlight === 0, 5_000, 'both deleted');
  });

  it("keeps a connection's commands in order while one of them waits", async () => {
    const { host, sink } = await running();
    const { ids, phone } = await connectSimulated(env, host, sink);
    phone.drop();
    await sink.waitFor(isStatus(ids.connectionId, 'DISCONNECTED'));
    for (const n of [1, 2, 3])
      await env.sendCommand(
        command('message.send', ids, { to: CUSTOMER, clientMessageId: `order-${n}`, text: `mensagem ${n}` }),
      );
    await eventually(() => host.consumer.stats.held >= 1, 10_000, 'command held');
    phone.restore();
    await eventually(() => phone.conversation(CUSTOMER).messages.length === 3, 10_000, 'three delivered');
    expect(phone.conversation(CUSTOMER).messages.map((m) => m.text)).toEqual(['mensagem 1', 'mensagem 2', 'mensagem 3']);
  });

  it('fails a send at once when its connection needs a person (not running here, or showing a QR)', async () => {
    const { sink } = await running();
    const unknown = { companyId: 'co-x', connectionId: 'cn-never-started' };
    await env.sendCommand(command('message.send', unknown, { to: CUSTOMER, clientMessageId: 'client-nowhere', text: 'x' }));
    const qrOnly = { companyId: 'co-x', connectionId: 'cn-qr-only' };
    await env.sendCommand(command('session.start', qrOnly, { adapter: 'simulator' }));
    await sink.waitFor(isStatus(qrOnly.connectionId, 'qrcode'), 10_000);
    await env.sendCommand(command('message.send', qrOnly, { to: CUSTOMER, clientMessageId: 'client-qr', text: 'x' }));

    for (const clientMessageId of ['client-nowhere', 'client-qr']) {
      expect(
        await sink.waitFor((e) => e.type === 'message.sendFailed' && e.clientMessageId === clientMessageId, 10_000),
      ).toMatchObject({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    }
  });

  it('publishes what the simulated customer sends, with deterministic event ids', async () => {
    const { host, sink } = await running();
    const { ids, phone } = await connectSimulated(env, host, sink);
    phone.upsertContact({ name: 'Maria', number: CUSTOMER });
    const message = await phone.customerSends(CUSTOMER, { text: 'Bom dia' });
    const received = await sink.waitFor((e) => e.type === 'message.received' && e.message.externalId === message.id);
    expect(received).toMatchObject({
      eventId: `msg:${ids.connectionId}:${message.id}`,
      companyId: ids.companyId,
      connectionId: ids.connectionId,
    });
    await env.sendCommand(command('message.read', ids, { to: CUSTOMER, externalIds: [message.id] }));
    await eventually(() => phone.conversation(CUSTOMER).messages[0]!.ack === 3, 10_000, 'read receipt');
  });
});
