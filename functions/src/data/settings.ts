/**
 * Company settings (spec part 1 §3 "Setting", part 2 §3 setting keys): one item per key.
 *
 *   PK = C#<cid>#SETTING   SK = <key>   value
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { batchWrite, queryAll } from './table-operations';
import { tenantPk } from './keys';
import { ttlCache } from './ttl-cache';

export interface Setting {
  key: string;
  value: string;
}

const settingsPk = (companyId: string) => tenantPk(companyId, 'SETTING');

/** AP-S1: every setting of a company (a few dozen keys: one page). */
export async function listSettings(companyId: string): Promise<Setting[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': settingsPk(companyId) },
  });
  return items.map((item) => ({ key: item.SK as string, value: String(item.value ?? '') }));
}

const recentSettings = ttlCache<Setting[]>(5_000);

/**
 * AP-S1 through a per-process cache of 5 s, for readers that need them for every event (the inbound
 * worker's ticket settings, the fan-out's audience policy; docs/decisions.md "Inbound latency, round 11"):
 * a change made by another process applies within 5 s; one made in this process (`putSetting`,
 * `putSettings`) at once.
 */
export const listRecentSettings = (companyId: string): Promise<Setting[]> =>
  recentSettings.get(companyId, () => listSettings(companyId));

/** AP-S2: one setting by key. */
export async function getSetting(companyId: string, key: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: settingsPk(companyId), SK: key } }));
  return out.Item ? String(out.Item.value ?? '') : undefined;
}

export async function putSetting(companyId: string, key: string, value: string): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: settingsPk(companyId), SK: key, companyId, key, value, updatedAt: new Date().toISOString() },
    }),
  );
  recentSettings.forget(companyId); // after the write: a load begun before it must not outlive it
}

/** Writes many settings at once (new companies get their defaults this way). */
export async function putSettings(companyId: string, settings: Setting[]): Promise<void> {
  const now = new Date().toISOString();
  await batchWrite(
    settings.map((s) => ({
      PutRequest: { Item: { PK: settingsPk(companyId), SK: s.key, companyId, key: s.key, value: s.value, updatedAt: now } },
    })),
  );
  recentSettings.forget(companyId);
}

/** Removes settings by key (a few items: one delete each). */
export async function deleteSettings(companyId: string, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ddb().send(new DeleteCommand({ TableName: tableName(), Key: { PK: settingsPk(companyId), SK: key } })),
    ),
  );
  recentSettings.forget(companyId);
}
