/**
 * One channel event from the inbound queue. Tenant safety: the connection is read under the
 * event's company key, so an event naming a connection that company does not own (or a deleted
 * connection) finds nothing and is dropped — logged, not retried.
 * Message and contact events read it through the per-process cache (at most 5 s old: they only use
 * its queues, name and bot texts); state events, which write it, read it fresh.
 */
import { noticeOpensTicket, type ChannelEvent } from '@atende/shared';
import { getConnection, getRecentConnection } from '../../data/connections';
import { logger } from '../../platform/logger';
import type { TicketBots } from '../bots/ticket-bots';
import { recordNumberCheckAnswers } from '../contact-lists/number-checks';
import { answerCall } from './calls';
import { applyConnectionState } from './connection-state';
import { applyContactChange } from './contact-changes';
import { applyMessageChange } from './message-changes';
import { recordChannelMessage } from './record-message';
import { recordUnsupportedMessage } from './record-unsupported';

/** `bots`: what answers messages on tickets and keeps a closed one for a rating (the inbound Lambda passes the real ones). */
export async function handleChannelEvent(event: ChannelEvent, bots: TicketBots): Promise<void> {
  const read = isStateEvent(event) ? getConnection : getRecentConnection;
  const connection = await read(event.companyId, event.connectionId);
  if (!connection) {
    logger.warn('channel event for an unknown connection dropped', {
      companyId: event.companyId,
      connectionId: event.connectionId,
      type: event.type,
      eventId: event.eventId,
    });
    return;
  }
  switch (event.type) {
    case 'connection.qr':
    case 'connection.pairingCode':
    case 'connection.status':
      return applyConnectionState(connection, event);
    case 'message.received':
    case 'message.sent':
      // A type the platform does not show never opens or reopens a ticket (record-unsupported.ts).
      return noticeOpensTicket(event.message.notice)
        ? recordChannelMessage(connection, event, bots)
        : recordUnsupportedMessage(connection, event, bots);
    case 'message.ack':
    case 'message.edited':
    case 'message.deleted':
    case 'message.sendFailed':
    case 'message.media':
    case 'message.reaction':
      return applyMessageChange(connection, event);
    case 'contact.updated':
      return applyContactChange(connection, event);
    case 'call.received':
      return answerCall(connection, event);
    case 'numbers.checked':
      // A contact-list number check's answer (contact-lists/number-checks.ts), for the connection's company.
      await recordNumberCheckAnswers(connection.companyId, event.results);
      return;
  }
}

const isStateEvent = (event: ChannelEvent) =>
  event.type === 'connection.qr' || event.type === 'connection.pairingCode' || event.type === 'connection.status';
