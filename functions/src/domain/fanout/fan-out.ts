/**
 * The fan-out (docs/decisions.md "Realtime by audience"): a batch of realtime events, grouped by
 * company and by FIFO group (a ticket's events stay in publish order), each posted to the sockets its audience includes
 * (`audienceIncludes`, the shared policy). The one place that calls PostToConnection for events.
 *
 * Delivery is at-least-once: when a company's part of the batch fails (a read failed), its events
 * come back from the queue and sockets that already got some of them get them again. Every console
 * handler is an idempotent upsert/removal by id, so a repeated UI event is harmless; a post to one
 * socket that fails (other than 410 Gone) is logged and not retried (that socket is broken; its
 * console refetches when it reconnects).
 */
import { audienceIncludes, audienceNeedsSettings, realtimeChannel } from '@atende/shared';
import { logger } from '../../platform/logger';
import type { RealtimeQueueEvent } from '../../platform/realtime-publisher';
import { hasWebSocketManagement, isGone, postToSocket } from '../../platform/websocket-management';
import { loadCompanySockets, type CompanySockets, type LiveSocket } from './company-sockets';
import { forEachLimited } from './limited';

const POST_CONCURRENCY = 10;

/** Events of one FIFO group in publish order, with the queue records they came from. */
export interface OrderedEvents {
  ids: string[];
  events: RealtimeQueueEvent[];
}

/**
 * Delivers one company's groups: the sockets are read once, each group's events go out in order and
 * different groups side by side. Answers the groups that failed (their facts could not be read);
 * throws when the company's sockets cannot be read (every group fails).
 */
export async function fanOutCompany(companyId: string, groups: readonly OrderedEvents[]): Promise<OrderedEvents[]> {
  if (!hasWebSocketManagement()) return []; // no WebSocket API wired (unit tests, scripts)
  const sockets = await loadCompanySockets(companyId);
  const failed: OrderedEvents[] = [];
  await Promise.all(
    groups.map(async (group) => {
      try {
        for (const event of group.events) await deliver(event, sockets);
      } catch (err) {
        logger.error('realtime group failed', { companyId, err });
        failed.push(group);
      }
    }),
  );
  return failed;
}

async function deliver(event: RealtimeQueueEvent, sockets: CompanySockets): Promise<void> {
  const settings = audienceNeedsSettings(event.audience) ? await sockets.settings() : {};
  const recipients = sockets.live.filter((s) => audienceIncludes(event.audience, s.recipient, settings));
  if (recipients.length === 0) return;
  const frame = JSON.stringify({ channel: realtimeChannel[event.kind](event.companyId), data: event.data });
  await forEachLimited(recipients, POST_CONCURRENCY, (socket) => post(socket, frame, event, sockets));
}

async function post(socket: LiveSocket, frame: string, event: RealtimeQueueEvent, sockets: CompanySockets): Promise<void> {
  try {
    await postToSocket(socket.connectionId, frame);
  } catch (err) {
    if (isGone(err)) {
      await sockets.forget(socket.connectionId).catch((e) => logger.warn('stale socket cleanup failed', { e }));
      return;
    }
    logger.warn('realtime post failed', {
      err,
      connectionId: socket.connectionId,
      kind: event.kind,
      eventId: event.eventId,
    });
  }
}
