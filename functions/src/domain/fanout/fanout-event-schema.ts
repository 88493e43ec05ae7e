/** The `realtime` queue's body (platform/realtime-publisher.ts `RealtimeQueueEvent`), checked before use. */
import * as z from '@atende/shared/zod';
import { realtimeChannel, type Audience, type RealtimeChannelKind } from '@atende/shared';
import type { RealtimeQueueEvent } from '../../platform/realtime-publisher';

const nullableId = z.nullable(z.string());

const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('company') }),
  z.object({ kind: z.literal('admins') }),
  z.object({ kind: z.literal('user'), userId: z.string() }),
  z.object({ kind: z.literal('users'), userIds: z.array(z.string()) }),
  z.object({ kind: z.literal('tickets'), queueId: nullableId, userId: nullableId }),
  z.object({
    kind: z.literal('ticketViewers'),
    ticketId: z.string(),
    queueId: z.optional(nullableId),
    userId: z.optional(nullableId),
  }),
]);

const kinds = Object.keys(realtimeChannel) as [RealtimeChannelKind, ...RealtimeChannelKind[]];

const queueEventSchema = z.object({
  eventId: z.string(),
  companyId: z.string().check(z.minLength(1)),
  kind: z.enum(kinds),
  data: z.looseObject({ action: z.string() }),
  audience: audienceSchema,
  publishedAt: z.string(),
});

/** Throws on anything else (the batch sends it to the dead-letter queue). */
export function parseRealtimeQueueEvent(body: string): RealtimeQueueEvent {
  const event = queueEventSchema.parse(JSON.parse(body));
  return { ...event, audience: event.audience as Audience, data: event.data as unknown as RealtimeQueueEvent['data'] };
}
