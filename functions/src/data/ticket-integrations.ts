/**
 * A ticket's conversation with its queue's integration (the Typebot session, the messages already
 * handed over, and whether the integration was switched off for this ticket).
 *
 *   state  PK = C#<cid>#TKINT#<ticketId>   SK = STATE
 *          { integrationId, sessionId|null, lastActivityAt, lastMessageId, pendingReplies, off, offReason }   (expires 30 days after its last write)
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk, ttlIn } from './keys';

export interface TicketIntegrationState {
  companyId: string;
  ticketId: string;
  integrationId: string;
  /** Typebot's chat session; null when none is running. */
  sessionId: string | null;
  lastActivityAt: string;
  /** The last customer message handed to the integration (a redelivered job for it does nothing). */
  lastMessageId: string | null;
  /** What the integration answered to `lastMessageId`, kept until sent (a rerun sends the same, not a new turn). */
  pendingReplies: string[];
  /** The integration no longer answers this ticket: a human does. */
  off: boolean;
  offReason: string | null;
}

const STATE_TTL_SECONDS = 30 * 24 * 3600;
const key = (companyId: string, ticketId: string) => ({ PK: tenantPk(companyId, 'TKINT', ticketId), SK: 'STATE' });

/** AP-TI1: the integration state of one ticket. */
export async function getTicketIntegrationState(
  companyId: string,
  ticketId: string,
): Promise<TicketIntegrationState | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key(companyId, ticketId) }));
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, expiresAt: _e, ...state } = out.Item;
  return state as TicketIntegrationState;
}

export async function putTicketIntegrationState(state: TicketIntegrationState): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(state.companyId, state.ticketId), ...state, expiresAt: ttlIn(STATE_TTL_SECONDS) },
    }),
  );
}
