/**
 * How many campaigns a company created per period (the plan's limitOfCampaignBy, spec part 2 §3):
 * one counter per period key, moved in the campaign's own creation transaction, so the limit is
 * checked and counted in one conditional write and never by reading the campaigns.
 *
 *   counter  PK = C#<cid>#CAMPCOUNT   SK = <period key> (`D#2026-11-27`, `W#2026-W48`, `M#2026-11`, `Y#2026`, `ALL`)
 *            { count, expiresAt }   (AP-CA4; a period's counter expires some time after the period ended)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import type { LabelledItem } from './transactions';

/** The label of the counter whose limit a creation would pass (TransactionConditionFailed.has). */
export const CAMPAIGN_LIMIT_LABEL = 'campaignLimit';

export interface CampaignPeriodCounter {
  key: string;
  /** Epoch seconds after which the counter may go (absent: kept, the all-time counter). */
  expiresAt?: number;
}

const counterKey = (companyId: string, key: string) => ({ PK: tenantPk(companyId, 'CAMPCOUNT'), SK: key });

/**
 * One more campaign on every counter; the `limited` one only while its count is below `limit`
 * (its item fails the transaction under CAMPAIGN_LIMIT_LABEL otherwise).
 */
export function campaignCountMoves(
  companyId: string,
  counters: readonly CampaignPeriodCounter[],
  limited?: { key: string; limit: number },
): LabelledItem[] {
  return counters.map((c) => {
    const limit = limited?.key === c.key ? limited.limit : undefined;
    return {
      label: limit === undefined ? 'campaignCount' : CAMPAIGN_LIMIT_LABEL,
      item: {
        Update: {
          TableName: tableName(),
          Key: counterKey(companyId, c.key),
          UpdateExpression: `ADD #count :one${c.expiresAt ? ' SET expiresAt = :exp' : ''}`,
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: {
            ':one': 1,
            ...(c.expiresAt ? { ':exp': c.expiresAt } : {}),
            ...(limit === undefined ? {} : { ':limit': limit }),
          },
          ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit' }),
        },
      },
    };
  });
}

/** AP-CA4: campaigns created in one period (0 when none yet). */
export async function getCampaignCount(companyId: string, key: string): Promise<number> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(companyId, key), ConsistentRead: true }),
  );
  return Math.max(0, Number(out.Item?.count ?? 0));
}
