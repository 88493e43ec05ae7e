/**
 * The fan-out (docs/decisions.md "Realtime by audience"): a batch of realtime events, grouped by
 * company and by FIFO group (a ticket's events stay in publish order), each posted to the sockets its
 * audience includes (`audienceIncludes`, the shared policy). The one place that calls PostToConnection
 * for events.
 *
 * Every event is judged first (who may receive it), then posted:
 * - a socket opened for packed frames gets the batch's events it may see in one post (or a few, at
 *   API Gateway's size limit), in publish order per group (docs/decisions.md "Packed realtime frames");
 * - any other socket gets one post per event, each group's in order, different groups side by side.
 *
 * Delivery is at-least-once: when a group cannot be judged (a read failed), nothing of it is posted
 * and its events come back from the queue; a redelivered batch may repeat events a socket already
 * got. Every console handler is an idempotent upsert/removal by id, so a repeated UI event is
 * harmless; a post to one socket that fails (other than 410 Gone) is logged and not retried (that
 * socket is broken; its console refetches when it reconnects).
 */
import { audienceIncludes, audienceNeedsSettings, realtimeChannel } from '@atende/shared';
import { logger } from '../../platform/logger';
import type { RealtimeQueueEvent } from '../../platform/realtime-publisher';
import { hasWebSocketManagement, isGone, postToSocket } from '../../platform/websocket-management';
import { loadCompanySockets, type CompanySockets, type LiveSocket } from './company-sockets';
import { forEachLimited } from './limited';
import { packFrames } from './packed-frames';

const POST_CONCURRENCY = 10;

/** Events of one FIFO group in publish order, with the queue records they came from. */
export interface OrderedEvents {
  ids: string[];
  events: RealtimeQueueEvent[];
}

/** One event, serialised once, and the live sockets its audience includes. */
interface Delivery {
  event: RealtimeQueueEvent;
  envelope: string;
  recipients: LiveSocket[];
}

/**
 * Delivers one company's groups: the sockets are read once. Answers the groups that failed (their
 * facts could not be read); throws when the company's sockets cannot be read (every group fails).
 */
export async function fanOutCompany(companyId: string, groups: readonly OrderedEvents[]): Promise<OrderedEvents[]> {
  if (!hasWebSocketManagement()) return []; // no WebSocket API wired (unit tests, scripts)
  const sockets = await loadCompanySockets(companyId);
  const failed: OrderedEvents[] = [];
  const judged = await Promise.all(
    groups.map(async (group) => {
      try {
        return await Promise.all(group.events.map((event) => judge(event, sockets)));
      } catch (err) {
        logger.error('realtime group failed', { companyId, err });
        failed.push(group);
        return [];
      }
    }),
  );
  await Promise.all([...judged.map((deliveries) => postPlain(deliveries, sockets)), postPacked(judged.flat(), sockets)]);
  return failed;
}

async function judge(event: RealtimeQueueEvent, sockets: CompanySockets): Promise<Delivery> {
  const settings = audienceNeedsSettings(event.audience) ? await sockets.settings() : {};
  const recipients = sockets.live.filter((s) => audienceIncludes(event.audience, s.recipient, settings));
  // Serialised once for all its recipients, and not at all when nobody may see it.
  const envelope = recipients.length
    ? JSON.stringify({ channel: realtimeChannel[event.kind](event.companyId), data: event.data })
    : '';
  return { event, envelope, recipients };
}

/** One group's events to the plain sockets: one post per event and socket, in order. */
async function postPlain(deliveries: readonly Delivery[], sockets: CompanySockets): Promise<void> {
  for (const { event, envelope, recipients } of deliveries) {
    const plain = recipients.filter((s) => !s.packedFrames);
    await forEachLimited(plain, POST_CONCURRENCY, (socket) => post(socket, envelope, sockets, event));
  }
}

/** Every group's events to the packed sockets: each socket's share of the batch in as few posts as fit. */
async function postPacked(deliveries: readonly Delivery[], sockets: CompanySockets): Promise<void> {
  const shares = new Map<LiveSocket, string[]>();
  for (const { envelope, recipients } of deliveries)
    for (const socket of recipients.filter((s) => s.packedFrames)) {
      const share = shares.get(socket) ?? [];
      share.push(envelope);
      shares.set(socket, share);
    }
  await forEachLimited([...shares], POST_CONCURRENCY, async ([socket, envelopes]) => {
    for (const frame of packFrames(envelopes)) await post(socket, frame, sockets);
  });
}

async function post(socket: LiveSocket, frame: string, sockets: CompanySockets, event?: RealtimeQueueEvent): Promise<void> {
  if (!sockets.live.includes(socket)) return; // answered 410 to an earlier post of this batch
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
      kind: event?.kind ?? 'packed',
      eventId: event?.eventId,
    });
  }
}
