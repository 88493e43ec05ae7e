/**
 * Campaigns (spec part 3 §3 "Campaign", §4 "Campaign statuses").
 *
 *   campaign  PK = C#<cid>#CAMP   SK = <campaignId> (ulid: creation order)   (AP-CA1 by id, AP-CA2 newest first)
 *   search    PK = C#<cid>#KIX#<first 3 chars>   SK = <token>#<campaignId>   (search-index.ts; `searchTokens` on the item)
 *
 * The status moves only through conditional writes (`setCampaignStatus`, `updateCampaign` with the
 * status read): a save, a cancel and the sending engine never both win on the same version.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CampaignMessageFields, CampaignStatus } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { batchGet, queryPage, updateExpression, type Item } from './table-operations';
import { claimIfCondition, isConditionFailed, transactWrite, type LabelledItem, writeIfCondition } from './transactions';

export interface CampaignRecord extends CampaignMessageFields {
  id: string;
  companyId: string;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  contactListId: string | null;
  tagListId: string | null;
  whatsappIds: string[];
  scheduledAt: string | null;
  completedAt: string | null;
  /** The attachment's S3 key (`C#<cid>/media/campaigns/<campaignId>/…`), its original name and type. */
  mediaPath: string | null;
  mediaName: string | null;
  mediaMimetype: string | null;
  /** The words this campaign is indexed under (KIX), so a rename or a delete takes exactly those off. */
  searchTokens: string[];
  createdAt: string;
  updatedAt: string;
}

/** What a save changes: the editor's fields (never the status or the media, which have their own writes). */
export type CampaignContent = Pick<
  CampaignRecord,
  | 'name'
  | 'message1'
  | 'message2'
  | 'message3'
  | 'message4'
  | 'message5'
  | 'confirmation'
  | 'confirmationMessage1'
  | 'confirmationMessage2'
  | 'confirmationMessage3'
  | 'confirmationMessage4'
  | 'confirmationMessage5'
  | 'contactListId'
  | 'tagListId'
  | 'whatsappIds'
  | 'scheduledAt'
>;

const companyPk = (companyId: string) => tenantPk(companyId, 'CAMP');
const campaignKey = (companyId: string, id: string) => ({ PK: companyPk(companyId), SK: id });
const fromItem = (item: Item): CampaignRecord => {
  const { PK: _pk, SK: _sk, claim: _claim, ...campaign } = item;
  return campaign as unknown as CampaignRecord;
};

/** Creates the campaign together with `alongside` (its period counters) in one transaction. */
export async function insertCampaign(c: CampaignRecord, alongside: LabelledItem[] = []): Promise<void> {
  await transactWrite([
    {
      label: 'campaign',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...campaignKey(c.companyId, c.id), ...c },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    ...alongside,
  ]);
}

/** AP-CA1: a campaign by id (strongly consistent: the status decides what a caller may do next). */
export async function getCampaign(companyId: string, id: string): Promise<CampaignRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: campaignKey(companyId, id), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-CA1 in a batch: the campaigns a search found, in the order of `ids` (missing ones skipped). */
export async function getCampaigns(companyId: string, ids: string[]): Promise<CampaignRecord[]> {
  if (!ids.length) return [];
  const items = await batchGet(ids.map((id) => campaignKey(companyId, id)));
  const byId = new Map(items.map((item) => [String(item.SK), fromItem(item)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * Moves the status when it is still one of `from`; false when it was not (or the campaign is gone). A
 * write of this call that the SDK retried after it was applied is this call's move (claimIfCondition):
 * the engine then announces it and goes on. `completedAt` is set (or cleared with null) in the same write.
 */
export async function setCampaignStatus(
  companyId: string,
  id: string,
  change: { from: CampaignStatus[]; to: CampaignStatus; completedAt?: string | null },
): Promise<boolean> {
  if (!change.from.length) return false;
  const key = campaignKey(companyId, id);
  const from = Object.fromEntries(change.from.map((s, i) => [`:from${i}`, s]));
  return claimIfCondition(key, (claim) => {
    const set: Item = { status: change.to, updatedAt: new Date().toISOString(), claim };
    if (change.completedAt !== undefined) set.completedAt = change.completedAt;
    const parts = updateExpression(set);
    return ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        ...parts,
        ConditionExpression: `attribute_exists(PK) AND #status IN (${Object.keys(from).join(', ')})`,
        ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#status': 'status' },
        ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ...from },
      }),
    );
  });
}

/**
 * Saves the editor's fields and the status they imply, when the campaign is still as `before` was
 * read (same `updatedAt`, same status): undefined when another write came first (the engine started
 * it, a cancel, another save). Re-read and decide again.
 */
export async function updateCampaign(
  before: CampaignRecord,
  set: CampaignContent & { status: CampaignStatus; searchTokens: string[]; updatedAt: string },
): Promise<CampaignRecord | undefined> {
  return conditionalUpdate(before, set);
}

/** Sets or clears the attachment of a campaign unchanged since `before` was read. */
export async function setCampaignMedia(
  before: CampaignRecord,
  media: Pick<CampaignRecord, 'mediaPath' | 'mediaName' | 'mediaMimetype'>,
  updatedAt: string,
): Promise<CampaignRecord | undefined> {
  return conditionalUpdate(before, { ...media, updatedAt });
}

async function conditionalUpdate(before: CampaignRecord, set: Item): Promise<CampaignRecord | undefined> {
  const parts = updateExpression(set);
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: campaignKey(before.companyId, before.id),
        ...parts,
        ConditionExpression: 'attribute_exists(PK) AND updatedAt = :readAt AND #status = :readStatus',
        ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#status': 'status' },
        ExpressionAttributeValues: {
          ...parts.ExpressionAttributeValues,
          ':readAt': before.updatedAt,
          ':readStatus': before.status,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/** Deletes the campaign unless it is sending (or changed since read); false when refused or gone. */
export async function deleteCampaignUnlessRunning(before: CampaignRecord): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: campaignKey(before.companyId, before.id),
        ConditionExpression:
          'attribute_exists(PK) AND #status <> :running AND #status = :readStatus AND updatedAt = :readAt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'EM_ANDAMENTO', ':readStatus': before.status, ':readAt': before.updatedAt },
      }),
    ),
  );
}

/** AP-CA2: one page of the company's campaigns, newest first (ulid order). */
export async function listCampaignsPage(
  companyId: string,
  page: { limit: number; after?: Item },
): Promise<{ campaigns: CampaignRecord[]; next?: Item }> {
  const out = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': companyPk(companyId) },
      ScanIndexForward: false,
    },
    page,
  );
  return { campaigns: out.items.map(fromItem), next: out.next };
}

/** A client's cursor is used only when it continues this company's list (never another tenant's partition). */
export const isCampaignsCursorOf = (companyId: string, key: Item): boolean =>
  key.PK === companyPk(companyId) && typeof key.SK === 'string' && Object.keys(key).length === 2;
