import type { ChannelEvent } from '@atende/shared';
import { ulid } from 'ulid';
import { SessionHost, type HostOverrides } from '../../src/host';
import { silentLogger } from '../../src/logger';
import { MemoryEventSink } from '../../src/queues/inbound-publisher';
import { command, eventually, type TestEnvironment } from './environment';

export const FAST_SIMULATOR = { deliveredAckMs: 20, readAckMs: 60, networkLatencyMs: 5 };

export function startHost(env: TestEnvironment, sink = new MemoryEventSink(), overrides: HostOverrides = {}) {
  const host = new SessionHost(env.config, {
    log: silentLogger(),
    sink,
    simulatorTiming: FAST_SIMULATOR,
    receiveWaitSeconds: 1,
    ...overrides,
  });
  return { host, sink, ready: host.start() };
}

export const isStatus = (connectionId: string, status: string) => (e: ChannelEvent) =>
  e.type === 'connection.status' && e.connectionId === connectionId && e.status === status;

/** Starts a simulated connection through the outbound queue and scans its QR: it ends CONNECTED. */
export async function connectSimulated(env: TestEnvironment, host: SessionHost, sink: MemoryEventSink) {
  const ids = { companyId: `co-${ulid()}`, connectionId: `cn-${ulid()}` };
  await env.sendCommand(command('session.start', ids, { adapter: 'simulator' }));
  const phone = await eventually(
    () => {
      const found = host.world!.find(ids.connectionId);
      return found?.awaitingScan ? found : undefined;
    },
    10_000,
    'QR shown',
  );
  await phone.scan();
  await sink.waitFor(isStatus(ids.connectionId, 'CONNECTED'), 10_000);
  return { ids, phone };
}

/** JSON calls to the simulator control API of a host started with `simulatorPort: 0`. */
/** Calls the simulator's control API as the console does: JSON, with a signed-in user's bearer token. */
export function controlApi(host: SessionHost, token?: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${host.ports.simulator}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}
