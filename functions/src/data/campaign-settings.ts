/**
 * The company's campaign settings (spec part 3 §3 "Campaign settings": intervals, the longer pause,
 * custom variables), one item per company:
 *
 *   PK = C#<cid>#CAMPSET   SK = settings   { settings }   (AP-CA5)
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CAMPAIGN_SETTINGS, type CampaignSettings } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';

const settingsKey = (companyId: string) => ({ PK: tenantPk(companyId, 'CAMPSET'), SK: 'settings' });

/** AP-CA5: the company's settings; the spec's defaults (§9) for what it never saved. */
export async function getCampaignSettings(companyId: string): Promise<CampaignSettings> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: settingsKey(companyId) }));
  return { ...DEFAULT_CAMPAIGN_SETTINGS, ...((out.Item?.settings as Partial<CampaignSettings> | undefined) ?? {}) };
}

export async function putCampaignSettings(companyId: string, settings: CampaignSettings, updatedAt: string): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...settingsKey(companyId), companyId, settings, updatedAt } }),
  );
}
