/**
 * Baileys' `call` events → channel events. Statuses (rc14 `getCallStatusFromNode`, Utils/generics.js):
 * `offer` (ringing; `offline` when it rang while this session was not connected), `timeout` (a `terminate`
 * whose reason is timeout: nobody answered), `reject` (refused, here by `call.reject` or on the phone),
 * `accept`, and `terminate` for every other end. `terminate` does not say why the call ended (answered
 * elsewhere, caller hung up: Baileys PR 1031), so it is not read as missed.
 * - a one-to-one call ringing now → `call.received` (the platform may refuse it, calls.ts);
 * - a one-to-one call nobody here answered (timeout, refused, or rung while offline) → a `missedCall`
 *   message whose id is the call's, so the several statuses of one call make one item.
 * Group calls are left alone, as they were.
 */
import type { ChannelMessage } from '@atende/shared';
import type { WACallEvent } from '@whiskeysockets/baileys';
import type { ChannelEventBody } from '../channel-adapter';
import { contactFromJids } from './contact-identity';

/** What a missed call reads as where only text is shown (ticket list, search, webhooks); pt-BR, the product's language. */
export const missedCallBody = (isVideo: boolean) => (isVideo ? 'Chamada de vídeo perdida' : 'Chamada de voz perdida');

const isMissed = (call: WACallEvent) =>
  call.status === 'timeout' || call.status === 'reject' || (call.status === 'offer' && call.offline);

export function eventsOfCalls(calls: WACallEvent[]): ChannelEventBody[] {
  const events: ChannelEventBody[] = [];
  for (const call of calls) {
    if (call.isGroup || !call.id || !call.from) continue;
    const isVideo = call.isVideo === true;
    if (call.status === 'offer' && !call.offline) {
      events.push({
        type: 'call.received',
        callId: call.id,
        from: { jid: call.from, ...(call.callerPn ? { number: call.callerPn.split('@')[0] } : {}) },
        isVideo,
        isGroup: false,
      });
    }
    if (isMissed(call)) events.push({ type: 'message.received', message: missedCallMessage(call, isVideo) });
  }
  return events;
}

function missedCallMessage(call: WACallEvent, isVideo: boolean): ChannelMessage {
  const at = call.date instanceof Date && !Number.isNaN(call.date.getTime()) ? call.date : new Date();
  return {
    externalId: call.id,
    fromMe: false,
    contact: contactFromJids(call.from, call.callerPn),
    isGroup: false,
    body: missedCallBody(isVideo),
    timestamp: at.toISOString(),
    notice: { kind: 'missedCall', isVideo },
  };
}
