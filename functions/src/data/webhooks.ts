/**
 * The company webhook (docs/webhooks.md): its configuration, the log of delivery attempts, the
 * delivered markers that make a redelivered job a no-op, and the "ticket announced" markers that
 * tell `ticket.created` from `ticket.updated`.
 *
 *   config     PK = C#<cid>#WEBHOOK       SK = CONFIG          { url, enabled, secretSealed, secretHint, createdAt, secretRotatedAt }
 *   attempt    PK = C#<cid>#WEBHOOKLOG    SK = <attemptUlid>   { deliveryId, event, attempt, status, httpStatus, latencyMs, error, at }   (7 days)
 *   delivered  PK = C#<cid>#WEBHOOKDONE   SK = <deliveryId>    (7 days)
 *   announced  PK = C#<cid>#WEBHOOKTKT    SK = <ticketId>      { eventId }   (2 days)
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookDeliveryDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk, ttlIn } from './keys';
import { writeIfCondition } from './transactions';

export interface WebhookConfigRecord {
  companyId: string;
  url: string;
  enabled: boolean;
  secretSealed: string;
  secretHint: string;
  createdAt: string;
  secretRotatedAt: string;
}

const LOG_TTL_SECONDS = 7 * 24 * 3600;
const ANNOUNCED_TTL_SECONDS = 2 * 24 * 3600;
const configKey = (companyId: string) => ({ PK: tenantPk(companyId, 'WEBHOOK'), SK: 'CONFIG' });

/** AP-WH1: a company's webhook. */
export async function getWebhookConfig(companyId: string): Promise<WebhookConfigRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: configKey(companyId) }));
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, ...config } = out.Item;
  return config as WebhookConfigRecord;
}

export async function putWebhookConfig(config: WebhookConfigRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...configKey(config.companyId), ...config } }));
}

export async function putWebhookAttempt(companyId: string, attempt: WebhookDeliveryDto): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: tenantPk(companyId, 'WEBHOOKLOG'), SK: attempt.id, ...attempt, expiresAt: ttlIn(LOG_TTL_SECONDS) },
    }),
  );
}

/** AP-WH2: the latest delivery attempts of a company, newest first. */
export async function listWebhookAttempts(companyId: string, limit: number): Promise<WebhookDeliveryDto[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'WEBHOOKLOG') },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(({ PK: _pk, SK: _sk, expiresAt: _e, ...a }) => a as WebhookDeliveryDto);
}

const deliveredKey = (companyId: string, deliveryId: string) => ({
  PK: tenantPk(companyId, 'WEBHOOKDONE'),
  SK: deliveryId,
});

/** AP-WH3: whether a delivery already reached the receiver. */
export async function wasDelivered(companyId: string, deliveryId: string): Promise<boolean> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: deliveredKey(companyId, deliveryId), ProjectionExpression: 'PK' }),
  );
  return !!out.Item;
}

export async function markDelivered(companyId: string, deliveryId: string): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...deliveredKey(companyId, deliveryId), expiresAt: ttlIn(LOG_TTL_SECONDS) },
    }),
  );
}

/**
 * Claims the first announcement of a ticket for `eventId`: true when this event is the ticket's first
 * (or is that same first event, redelivered), false when another event announced it before.
 */
export async function claimTicketAnnouncement(companyId: string, ticketId: string, eventId: string): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: tenantPk(companyId, 'WEBHOOKTKT'), SK: ticketId, eventId, expiresAt: ttlIn(ANNOUNCED_TTL_SECONDS) },
        ConditionExpression: 'attribute_not_exists(PK) OR eventId = :e',
        ExpressionAttributeValues: { ':e': eventId },
      }),
    ),
  );
}
