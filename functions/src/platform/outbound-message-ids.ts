import { createHash } from 'node:crypto';

/**
 * The WhatsApp message id for an outbound command, derived from the command id (same shape as
 * Baileys' `generateMessageIDV2`: `3EB0` + 18 hex). A command executed twice (crash between the
 * send and the executed-command marker) goes out twice under ONE id, which WhatsApp clients and
 * our inbound dedup both collapse into one message. The API records an outbound message under this
 * id BEFORE queueing the send, so the channel's echo and its acks find it (the session host derives
 * the same id; both import this function).
 */
export function messageIdForCommand(connectionId: string, commandId: string): string {
  return '3EB0' + createHash('sha256').update(`${connectionId}:${commandId}`).digest('hex').slice(0, 18).toUpperCase();
}
