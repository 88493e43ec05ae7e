/**
 * Campaign shippings: one record per WhatsApp-valid contact of a campaign's target (spec part 3 §3
 * "Campaign shipping"). Planning gives each valid contact an index in target order; contact `i` goes
 * to connection `i mod N` (the campaign's `whatsappIds` order) at that connection's position
 * `floor(i / N)`, so each connection's pacer walks its own dense sequence 0, 1, 2 …
 *
 *   shipping  PK = C#<cid>#CSHIP#<campaignId>#<connIndex>#<bucket>   SK = <position, 8 digits>   (AP-CS1 by position)
 *
 * `bucket = floor(position / SHIPPING_BUCKET_SIZE)`: a partition key never holds more than
 * SHIPPING_BUCKET_SIZE records, so however fast planning writes, no key receives more than that many
 * items (docs/decisions.md "Campaign shippings spread over buckets"). The record's `id` is the target
 * item's id: a redelivered planning step writes the same keys with the same values.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { pad, tenantPk } from './keys';
import { batchWrite, updateExpression, type Item } from './table-operations';
import { TransactionConditionFailed, transactWrite, type LabelledItem, writeIfCondition } from './transactions';

export const SHIPPING_BUCKET_SIZE = 100;

export type ShippingState = 'planned' | 'confirmationRequested' | 'delivered' | 'failed';

export interface ShippingRef {
  companyId: string;
  campaignId: string;
  connIndex: number;
  position: number;
}

export interface ShippingRecord extends ShippingRef {
  /** The target item's id (contact-list item or contact). */
  id: string;
  connectionId: string;
  name: string;
  /** E.164 digits without '+'. */
  number: string;
  email: string;
  /** 1-based slot of the chosen main message (campaignMessages order) and confirmation message. */
  messageSlot: number;
  confirmationSlot: number | null;
  state: ShippingState;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  deliveredAt: string | null;
  failedReason: string | null;
  createdAt: string;
}

export const shippingKey = (r: ShippingRef) => ({
  PK: tenantPk(
    r.companyId,
    'CSHIP',
    r.campaignId,
    String(r.connIndex),
    String(Math.floor(r.position / SHIPPING_BUCKET_SIZE)),
  ),
  SK: pad(r.position, 8),
});
const fromItem = (item: Item): ShippingRecord => {
  const { PK: _pk, SK: _sk, ...record } = item;
  return record as unknown as ShippingRecord;
};

/** Writes the planned records of one planning step (25 per call). Only ever called for positions no pacer has reached. */
export async function putPlannedShippings(records: ShippingRecord[]): Promise<void> {
  await batchWrite(records.map((r) => ({ PutRequest: { Item: { ...shippingKey(r), ...r } } })));
}

/** AP-CS1: the shipping at one position (strongly consistent: its state decides whether to send). */
export async function getShipping(ref: ShippingRef): Promise<ShippingRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: shippingKey(ref), ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * Moves the shipping from one of `from` to `to` (setting `set`) together with `alsoWrite` (the
 * progress counters), all or nothing: false when the shipping had already moved (a redelivery, a
 * concurrent duplicate), and then nothing is counted.
 */
export async function moveShipping(
  ref: ShippingRef,
  change: { from: ShippingState[]; to: ShippingState; set?: Partial<ShippingRecord> },
  alsoWrite: LabelledItem[] = [],
): Promise<boolean> {
  const parts = updateExpression({ ...change.set, state: change.to });
  const from = Object.fromEntries(change.from.map((s, i) => [`:from${i}`, s]));
  const update: LabelledItem = {
    label: 'shipping',
    item: {
      Update: {
        TableName: tableName(),
        Key: shippingKey(ref),
        ...parts,
        ConditionExpression: `#state IN (${Object.keys(from).join(', ')})`,
        ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#state': 'state' },
        ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ...from },
      },
    },
  };
  if (!alsoWrite.length) return conditionalUpdate(update);
  try {
    await transactWrite([update, ...alsoWrite]);
    return true;
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('shipping')) return false;
    throw err;
  }
}

async function conditionalUpdate(update: LabelledItem): Promise<boolean> {
  return writeIfCondition(() => ddb().send(new UpdateCommand(update.item.Update as never)));
}
