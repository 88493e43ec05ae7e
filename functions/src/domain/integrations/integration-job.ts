/**
 * Where the bots seam hands a customer's message to its queue's integration: a job on the
 * `integrations` FIFO queue (group = the ticket, so one ticket's turns run in order; deduplicated by
 * the message), run off the inbound path by handlers/integrationjobs. The worker judges the rest
 * (integration switched off for the ticket, a human took it meanwhile).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from '@atende/shared/zod';
import { toQueueBody } from '@atende/shared';
import type { MessageRecord } from '../../data/messages';
import { getRecentQueueIntegrationId } from '../../data/queues';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { queueUrl, sqsClient } from '../../platform/queues';

export const INTEGRATIONS_QUEUE = 'integrations';

export interface IntegrationJob {
  companyId: string;
  ticketId: string;
  /** The customer's message (its id keys every reply, so a rerun sends nothing twice). */
  messageId: string;
  text: string;
}

const jobSchema = z.object({
  companyId: z.string().check(z.minLength(1), z.maxLength(64)),
  ticketId: z.string().check(z.minLength(1), z.maxLength(64)),
  messageId: z.string().check(z.minLength(1), z.maxLength(64)),
  text: z.string().check(z.maxLength(65_536)),
});
export const parseIntegrationJob = (body: string): IntegrationJob => jobSchema.parse(JSON.parse(body));

/** A ticket an integration answers: waiting in a queue, nobody on it, out of the menu. */
export const awaitsIntegration = (t: TicketRecord) =>
  t.status === 'pending' && !t.userId && !!t.queueId && !t.chatbot && !t.isGroup;

/**
 * Called by the bots seam after the bots ran on a customer's message. The menu may just have moved
 * the ticket into its queue, so a ticket that was in the menu (or had no queue) is read again; a
 * ticket settled in its queue is not. The queue's integration is a cached read.
 */
export async function handToQueueIntegration(
  ticket: TicketRecord,
  message: MessageRecord,
  direction: 'received' | 'sent',
): Promise<void> {
  if (direction !== 'received' || ticket.isGroup || ticket.userId || ticket.status !== 'pending') return;
  if (!process.env.QUEUE_URL_INTEGRATIONS) return; // no integrations queue wired (unit tests, scripts)
  const current = ticket.queueId && !ticket.chatbot ? ticket : await getTicket(ticket.companyId, ticket.id);
  if (!current || !awaitsIntegration(current)) return;
  if (!(await getRecentQueueIntegrationId(current.companyId, current.queueId!))) return; // AP-Q1
  const job: IntegrationJob = {
    companyId: current.companyId,
    ticketId: current.id,
    messageId: message.id,
    text: message.body ?? '',
  };
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(INTEGRATIONS_QUEUE),
      MessageBody: toQueueBody(job),
      MessageGroupId: current.id,
      MessageDeduplicationId: message.id,
    }),
  );
}
