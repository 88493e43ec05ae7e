/**
 * Confirmation campaigns wait for the contact's answer: when the contact next writes to the
 * connection that asked, the main message goes (domain/campaign-sending/confirmation.ts).
 *
 *   awaiting  PK = C#<cid>#CCONF#<number>   SK = <connectionId>#<campaignId>   { shipping ref }  TTL   (AP-CC1)
 *   window    PK = C#<cid>#CCONF            SK = WINDOW   { until }  (AP-CC2: is any answer awaited at all?)
 *   held      PK = C#<cid>#CHELD#<campaignId>   SK = <connIndex, 2 digits>#<position, 8 digits>   { shipping ref }   (AP-CC3)
 *             an answer that came while the campaign was cancelled: its main message goes after the restart
 *
 * The inbound path reads the window (cached per process) and queries AP-CC1 only while it is open,
 * so a company without a confirmation campaign pays nothing per inbound message.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { pad, tenantPk, ttlIn } from './keys';
import type { ShippingRef } from './campaign-shippings';
import { queryAll, queryPage } from './table-operations';
import { isConditionFailed } from './transactions';

/** How long an unanswered confirmation request is kept (and keeps the window open). */
export const CONFIRMATION_WAIT_SECONDS = 30 * 24 * 3600;

export interface AwaitingConfirmation extends ShippingRef {
  number: string;
  connectionId: string;
}

const awaitingKey = (a: Pick<AwaitingConfirmation, 'companyId' | 'number' | 'connectionId' | 'campaignId'>) => ({
  PK: tenantPk(a.companyId, 'CCONF', a.number),
  SK: `${a.connectionId}#${a.campaignId}`,
});
const windowKey = (companyId: string) => ({ PK: tenantPk(companyId, 'CCONF'), SK: 'WINDOW' });

export async function putAwaitingConfirmation(a: AwaitingConfirmation): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...awaitingKey(a), ...a, expiresAt: ttlIn(CONFIRMATION_WAIT_SECONDS) },
    }),
  );
}

/** AP-CC1: the answers a number's message on this connection completes (one per campaign). */
export async function listAwaitingConfirmations(
  companyId: string,
  number: string,
  connectionId: string,
): Promise<AwaitingConfirmation[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :conn)',
    ExpressionAttributeValues: {
      ':pk': awaitingKey({ companyId, number, connectionId, campaignId: '' }).PK,
      ':conn': `${connectionId}#`,
    },
  });
  const nowSeconds = Math.floor(Date.now() / 1000);
  return items
    .filter((item) => Number(item.expiresAt) > nowSeconds) // TTL deletes late
    .map((item) => ({
      companyId,
      campaignId: String(item.campaignId),
      connIndex: Number(item.connIndex),
      position: Number(item.position),
      number,
      connectionId,
    }));
}

export async function deleteAwaitingConfirmation(a: AwaitingConfirmation): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: awaitingKey(a) }));
}

/** Keeps the company's window open until at least `until` (epoch ms). */
export async function extendConfirmationWindow(companyId: string, until: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: windowKey(companyId),
        UpdateExpression: 'SET #until = :until',
        ConditionExpression: 'attribute_not_exists(#until) OR #until < :until',
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':until': until },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** AP-CC2: epoch ms until which answers may be awaited (0: never opened). */
export async function getConfirmationWindow(companyId: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: windowKey(companyId) }));
  return out.Item ? Number(out.Item.until) : 0;
}

const heldKey = (a: Pick<AwaitingConfirmation, 'companyId' | 'campaignId' | 'connIndex' | 'position'>) => ({
  PK: tenantPk(a.companyId, 'CHELD', a.campaignId),
  SK: `${pad(a.connIndex, 2)}#${pad(a.position, 8)}`,
});

/** Keeps an answer that came while the campaign was cancelled (the same answer twice is one item). */
export async function holdAnswer(a: AwaitingConfirmation): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...heldKey(a), ...a } }));
}

/** AP-CC3: the first `limit` held answers of a campaign (each is released once handled). */
export async function listHeldAnswers(
  companyId: string,
  campaignId: string,
  limit: number,
): Promise<AwaitingConfirmation[]> {
  const out = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': heldKey({ companyId, campaignId, connIndex: 0, position: 0 }).PK },
      ConsistentRead: true,
    },
    { limit },
  );
  return out.items.map((item) => ({
    companyId,
    campaignId,
    connIndex: Number(item.connIndex),
    position: Number(item.position),
    number: String(item.number),
    connectionId: String(item.connectionId),
  }));
}

export async function releaseHeldAnswer(a: AwaitingConfirmation): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: heldKey(a) }));
}
