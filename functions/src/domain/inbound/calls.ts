/**
 * call.received (company setting `call`, spec part 2 §3): while the company does not take calls
 * ('disabled'), a ringing voice or video call is refused and the caller gets an automatic message
 * asking for text. Group calls are left alone. Idempotent: both commands derive their ids from the
 * call's own id, so a redelivered event is collapsed by the outbound queue and the session host. The
 * message is not recorded here: its echo (`message.sent`) lands on the caller's ticket like any
 * message sent from the phone.
 */
import type { ChannelEvent } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { sendOutboundCommand } from '../../platform/queues';
import { ticketSettings } from '../tickets/ticket-settings';

type CallEvent = Extract<ChannelEvent, { type: 'call.received' }>;

/** The Whaticket family's wording for a refused call. */
export const CALL_REFUSED_MESSAGE =
  '*Mensagem Automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado';

export async function answerCall(connection: ConnectionRecord, event: CallEvent): Promise<void> {
  if (event.isGroup) return;
  const { rejectCalls } = await ticketSettings(connection.companyId);
  if (!rejectCalls) return;
  const base = { companyId: connection.companyId, connectionId: connection.id, issuedAt: new Date().toISOString() };
  await sendOutboundCommand(connection.shard, {
    ...base,
    type: 'call.reject',
    commandId: `call:${event.callId}:reject`,
    callId: event.callId,
    from: event.from.jid,
  });
  await sendOutboundCommand(connection.shard, {
    ...base,
    type: 'message.send',
    commandId: `call:${event.callId}:message`,
    clientMessageId: `call:${event.callId}`,
    to: event.from.jid,
    text: CALL_REFUSED_MESSAGE,
  });
}
