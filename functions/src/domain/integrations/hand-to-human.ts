/**
 * When an integration fails (an error, a timeout, a bad answer) the customer must not talk to a wall:
 * the integration is switched off for this ticket, the ticket stays pending in its queue for the
 * operators, and a note on the ticket says why (the contact drawer's notes). Idempotent: the note's id
 * derives from the message that failed.
 */
import type { QueueIntegrationRecord } from '../../data/queue-integrations';
import { insertTicketNote } from '../../data/ticket-notes';
import { putTicketIntegrationState } from '../../data/ticket-integrations';
import type { TicketRecord } from '../../data/tickets';
import { isConditionFailed } from '../../data/transactions';
import { logger } from '../../platform/logger';

/** The author of notes the platform itself writes. */
export const SYSTEM_NOTE_AUTHOR = 'system';

export const integrationFailureNote = (integrationName: string, reason: string) =>
  `A integração "${integrationName}" falhou (${reason}). O atendimento foi passado para um atendente.`;

export async function handToHuman(
  ticket: TicketRecord,
  integration: QueueIntegrationRecord,
  reason: string,
  messageId: string,
): Promise<void> {
  logger.warn('queue integration failed: ticket handed to a human', {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    integrationId: integration.id,
    type: integration.type,
    reason,
  });
  await putTicketIntegrationState({
    companyId: ticket.companyId,
    ticketId: ticket.id,
    integrationId: integration.id,
    sessionId: null,
    lastActivityAt: new Date().toISOString(),
    lastMessageId: messageId,
    pendingReplies: [],
    off: true,
    offReason: reason,
  });
  try {
    await insertTicketNote({
      id: `integration-${messageId}`,
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: SYSTEM_NOTE_AUTHOR,
      note: integrationFailureNote(integration.name, reason),
      createdAt: new Date().toISOString(),
    });
  } catch (err) {
    if (!isConditionFailed(err)) throw err; // a rerun: the note is there
  }
}
