/**
 * Realtime end to end without API Gateway: the `realtime` queue on the SQS emulator, the fan-out
 * handler fed with what the publishers enqueued, and a fake @connections endpoint.
 */
import { ulid } from 'ulid';
import { handler as fanout } from '../../src/handlers/fanout/index';
import { handler as realtime, type WebSocketEvent } from '../../src/handlers/realtime/index';
import { logger } from '../../src/platform/logger';
import { startFakeWsEndpoint } from './fake-ws-endpoint';
import { useFreshTable } from './fresh-table';
import { sqsEvent, useLocalQueues } from './local-queues';
import { createTestTenant } from './tenancy-fixtures';

/** A fresh table, silent logs, the harness and two tenants (A and B), the cast of every realtime test. */
export async function useRealtimeHarness() {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  const queues = await useLocalQueues(1);
  const endpoint = await startFakeWsEndpoint();
  const wsEvent = (routeKey: string, connectionId: string, extra: Partial<WebSocketEvent> = {}): WebSocketEvent => ({
    requestContext: { routeKey, connectionId },
    ...extra,
  });
  const [a, b] = [await createTestTenant(), await createTestTenant()];
  return {
    a,
    b,
    queues,
    endpoint,
    wsEvent,
    realtime,
    /** Opens a socket with this token (and any other query parameters); returns its id. */
    async connect(token: string | undefined, connectionId = ulid(), query: Record<string, string> = {}) {
      const answer = await realtime(
        wsEvent('$connect', connectionId, { queryStringParameters: token === undefined ? null : { token, ...query } }),
      );
      return { connectionId, answer };
    },
    /** Sends a client frame on `$default`; returns the route response's body, parsed. */
    async send(connectionId: string, frame: unknown) {
      const answer = await realtime(
        wsEvent('$default', connectionId, { body: typeof frame === 'string' ? frame : JSON.stringify(frame) }),
      );
      return answer.body ? JSON.parse(answer.body) : undefined;
    },
    /** Runs the fan-out over everything published so far (as Lambda's event source would); returns the events. */
    async deliver() {
      const taken = await queues.take('realtime');
      if (taken.length) await fanout(sqsEvent(taken.map((m) => ({ body: JSON.stringify(m.body), groupId: m.groupId }))));
      return taken;
    },
    async stop() {
      await endpoint.stop();
      await queues.stop();
    },
  };
}
