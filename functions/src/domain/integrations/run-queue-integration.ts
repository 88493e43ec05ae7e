/**
 * The `integrations` queue's worker: one customer message, one turn of the ticket's queue
 * integration (integration-turn.ts), its replies sent as bot messages with the integration's delay
 * between them. Idempotent under redelivery: the turn's answer is stored with the message id BEFORE
 * anything is sent, a rerun for the same message sends those stored replies again (each keyed by
 * `int:<messageId>:<n>`, so nothing goes twice) instead of asking the service for a new turn.
 * A failure hands the ticket to a human (hand-to-human.ts); only storage errors are retried.
 */
import { RUNNABLE_INTEGRATION_TYPES } from '@atende/shared';
import { getConnection } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { queryTicketMessages } from '../../data/messages';
import { getQueueIntegration } from '../../data/queue-integrations';
import { getRecentQueueIntegrationId } from '../../data/queues';
import {
  getTicketIntegrationState,
  putTicketIntegrationState,
  type TicketIntegrationState,
} from '../../data/ticket-integrations';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { openSecret } from '../../platform/secret-box';
import { sendOutboundPart } from '../messages/outbound-message';
import { handToHuman } from './hand-to-human';
import { IntegrationFailure } from './integration-http';
import { awaitsIntegration, type IntegrationJob } from './integration-job';
import { turnOf } from './integration-turn';

/** Messages of the ticket OpenAI reads as context. */
export const OPENAI_CONTEXT_MESSAGES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendReplies(ticket: TicketRecord, replies: string[], messageId: string, delayMs: number): Promise<void> {
  if (!replies.length) return;
  const [connection, contact] = await Promise.all([
    getConnection(ticket.companyId, ticket.connectionId),
    getContact(ticket.companyId, ticket.contactId),
  ]);
  if (!connection || !contact) return;
  for (const [n, text] of replies.entries()) {
    if (n > 0 && delayMs > 0) await sleep(delayMs);
    await sendOutboundPart(ticket, connection, contact, { commandId: `int:${messageId}:${n}`, text, userId: null });
  }
}

export async function runQueueIntegration(job: IntegrationJob, now = new Date()): Promise<void> {
  const ticket = await getTicket(job.companyId, job.ticketId);
  if (!ticket || !awaitsIntegration(ticket)) return; // a human took it, or it closed, meanwhile
  const integrationId = await getRecentQueueIntegrationId(ticket.companyId, ticket.queueId!); // AP-Q1
  if (!integrationId) return;
  const state = await getTicketIntegrationState(ticket.companyId, ticket.id); // AP-TI1
  if (state?.off) return;
  const integration = await getQueueIntegration(ticket.companyId, integrationId); // AP-QI1
  const turn = integration && RUNNABLE_INTEGRATION_TYPES.includes(integration.type) ? turnOf(integration.type) : undefined;
  if (!integration || !turn) return;
  const delayMs = integration.type === 'typebot' ? integration.typebotDelayMessage : 0;
  if (state?.lastMessageId === job.messageId) {
    await sendReplies(ticket, state.pendingReplies, job.messageId, delayMs); // a rerun: finish what was decided
    return;
  }
  const contact = await getContact(ticket.companyId, ticket.contactId);
  let outcome;
  try {
    outcome = await turn({
      integration: {
        ...integration,
        token: integration.tokenApiKeySealed ? await openSecret(integration.tokenApiKeySealed) : '',
      },
      state: state?.integrationId === integration.id ? state : undefined,
      ticket,
      contact: { id: ticket.contactId, name: contact?.name ?? '', number: contact?.number ?? '' },
      message: { id: job.messageId, text: job.text, createdAt: now.toISOString() },
      history: async () =>
        (await queryTicketMessages(ticket.companyId, ticket.id, { limit: OPENAI_CONTEXT_MESSAGES })).messages // AP-M4
          .filter((m) => !m.isDeleted && m.body.trim() !== '')
          .reverse()
          .map((m) => ({ fromMe: m.fromMe, body: m.body })),
      now,
    });
  } catch (err) {
    if (!(err instanceof IntegrationFailure)) throw err;
    await handToHuman(ticket, integration, err.reason, job.messageId);
    return;
  }
  const next: TicketIntegrationState = {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    integrationId: integration.id,
    sessionId: outcome.sessionId,
    lastActivityAt: now.toISOString(),
    lastMessageId: job.messageId,
    pendingReplies: outcome.replies,
    off: !!outcome.handoff,
    offReason: outcome.handoff ?? null,
  };
  await putTicketIntegrationState(next);
  await sendReplies(ticket, outcome.replies, job.messageId, delayMs);
}
