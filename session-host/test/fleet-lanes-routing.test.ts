/**
 * Command lanes end to end on fauxqs + DynamoDB Local (docs/deploy.md "Lanes"): four fleet hosts on
 * two lane queues. Each host reads only its lane's queue; a connection's commands, sent to its lane
 * as the functions send them, run exactly once and in order on its holder, also after the holder
 * stopped and a host of the same lane took the connection over.
 */
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { laneOf } from '@atende/functions/shared-surface';
import type { ChannelEvent, OutboundCommand } from '@atende/shared';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostConfig } from '../src/config';
import { SessionHost } from '../src/host';
import { silentLogger } from '../src/logger';
import { MemoryEventSink } from '../src/queues/inbound-publisher';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { FAST_SIMULATOR, isStatus } from './support/host-harness';

const LANES = 2;
const CUSTOMER = '5511977776666';

describe('fleet command lanes', () => {
  let env: TestEnvironment;
  let config: HostConfig;
  const hosts: SessionHost[] = [];
  const sink = new MemoryEventSink();

  beforeEach(async () => {
    env = await createTestEnvironment();
    const fifo = { FifoQueue: 'true', ContentBasedDeduplication: 'false', VisibilityTimeout: '60' };
    const lane1 = await env.clients.sqs.send(
      new CreateQueueCommand({ QueueName: `outbound-1-${ulid().toLowerCase()}.fifo`, Attributes: fifo }),
    );
    config = {
      ...env.config,
      fleet: {
        cap: 50,
        ttlMs: 3_000,
        renewMs: 1_000,
        lanes: LANES,
        laneQueueUrls: [env.config.outboundQueueUrl, lane1.QueueUrl!],
      },
    };
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.stop().catch(() => undefined);
    env.destroy();
  });

  const startFleetHost = async () => {
    const host = new SessionHost(config, {
      log: silentLogger(),
      sink,
      simulatorTiming: FAST_SIMULATOR,
      receiveWaitSeconds: 1,
    });
    hosts.push(host);
    await host.start();
    return host;
  };
  /** As the functions send it: to the connection's lane queue. */
  const send = (cmd: OutboundCommand) =>
    env.clients.sqs.send(
      new SendMessageCommand({
        QueueUrl: config.fleet!.laneQueueUrls[laneOf(cmd.connectionId, LANES)],
        MessageBody: JSON.stringify(cmd),
        MessageGroupId: cmd.connectionId,
        MessageDeduplicationId: cmd.commandId,
      }),
    );
  const sentOrder = (connectionId: string) =>
    sink.events
      .filter(
        (e): e is Extract<ChannelEvent, { type: 'message.sent' }> =>
          e.type === 'message.sent' && e.connectionId === connectionId,
      )
      .map((e) => e.message.clientMessageId);

  it('runs a connection’s commands once, in order, on the hosts of its lane only, across a move', async () => {
    for (let i = 0; i < 4; i++) await startFleetHost();
    for (const host of hosts) expect(host.consumer.queueUrl).toBe(config.fleet!.laneQueueUrls[host.fleet!.lane]);
    expect(hosts.filter((h) => h.fleet!.lane === 1)).toHaveLength(2);

    let connectionId = `cn-${ulid()}`;
    while (laneOf(connectionId, LANES) !== 1) connectionId = `cn-${ulid()}`;
    const ids = { companyId: `co-${ulid()}`, connectionId };
    await send(command('session.start', ids, { adapter: 'simulator' }));
    const owner = await eventually(() => hosts.find((h) => h.fleet!.owns(connectionId)), 10_000, 'claimed');
    expect(owner.fleet!.lane).toBe(1);
    const phone = await eventually(
      () => {
        const found = owner.world!.find(connectionId);
        return found?.awaitingScan ? found : undefined;
      },
      10_000,
      'QR shown',
    );
    await phone.scan();
    await sink.waitFor(isStatus(connectionId, 'CONNECTED'), 10_000);

    const texts = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);
    for (const text of texts(0, 5)) await send(command('message.send', ids, { to: CUSTOMER, clientMessageId: text, text }));
    await eventually(() => sentOrder(connectionId).length >= 5, 15_000, 'first five sent');

    // the holder stops (deploy, scale-in): its lane mate takes the connection; commands sent meanwhile wait
    const mate = hosts.find((h) => h.fleet!.lane === 1 && h !== owner)!;
    const stopping = owner.stop();
    hosts.splice(hosts.indexOf(owner), 1);
    for (const text of texts(5, 10)) await send(command('message.send', ids, { to: CUSTOMER, clientMessageId: text, text }));
    await stopping;
    await eventually(() => mate.fleet!.owns(connectionId), 10_000, 'taken over in the lane');
    await eventually(() => sentOrder(connectionId).length >= 10, 30_000, 'all ten sent');
    await new Promise((r) => setTimeout(r, 1_500)); // a duplicate would show up now

    expect(sentOrder(connectionId)).toEqual(texts(0, 10));
    for (const host of hosts.filter((h) => h.fleet!.lane === 0)) {
      expect(host.fleet!.owns(connectionId)).toBe(false);
      expect(host.consumer.stats.returned + host.consumer.stats.executed).toBe(0);
    }
  }, 90_000);
});
