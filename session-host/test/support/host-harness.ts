import type { ChannelEvent } from '@atende/shared';
import { ulid } from 'ulid';
import { SessionHost } from '../../src/host';
import { silentLogger } from '../../src/logger';
import { MemoryEventSink } from '../../src/queues/inbound-publisher';
import { command, eventually, type TestEnvironment } from './environment';

export const FAST_SIMULATOR = { deliveredAckMs: 20, readAckMs: 60, networkLatencyMs: 5 };

export function startHost(env: TestEnvironment, sink = new MemoryEventSink()) {
  const host = new SessionHost(env.config, { log: silentLogger(), sink, simulatorTiming: FAST_SIMULATOR, receiveWaitSeconds: 1 });
  return { host, sink, ready: host.start() };
}

export const isStatus = (connectionId: string, status: string) => (e: ChannelEvent) =>
  e.type === 'connection.status' && e.connectionId === connectionId && e.status === status;

/** Starts a simulated connection through the outbound queue and scans its QR: it ends CONNECTED. */
export async function connectSimulated(env: TestEnvironment, host: SessionHost, sink: MemoryEventSink) {
  const ids = { companyId: `co-${ulid()}`, connectionId: `cn-${ulid()}` };
  await env.sendCommand(command('session.start', ids, { adapter: 'simulator' }));
  const phone = await eventually(() => {
    const found = host.world!.find(ids.connectionId);
    return found?.awaitingScan ? found : undefined;
  }, 10_000, 'QR shown');
  await phone.scan();
  await sink.waitFor(isStatus(ids.connectionId, 'CONNECTED'), 10_000);
  return { ids, phone };
}
