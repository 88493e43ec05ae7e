/**
 * When a company's users were last seen (sign-in, token refresh, socket opened): the index behind
 * `GET /companies/listOnline/{minutes}` (spec part 2 §2 "Reports tab"), answered in O(result).
 *
 *   last seen   PK = P#LASTSEEN           SK = <cid>                       { companyId, lastSeenAt }
 *               GSI1PK = P#LASTSEEN#<b>   GSI1SK = <lastSeenAt ISO>#<cid>   (b = bucket 0..7 of the company id)
 *
 * One item per company, overwritten: the GSI1 key moves with `lastSeenAt`, so "seen since T" is a
 * range read of each bucket from T (8 buckets spread the writes of busy sign-in hours).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { queryAll } from './table-operations';

export const LAST_SEEN_BUCKETS = 8;

const bucketOf = (companyId: string) => {
  let h = 0;
  for (const ch of companyId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % LAST_SEEN_BUCKETS;
};

export interface CompanySeen {
  companyId: string;
  lastSeenAt: string;
}

/** Records that a user of the company was seen at `at` (a later write simply replaces it). */
export async function putCompanySeen(companyId: string, at: Date): Promise<void> {
  const lastSeenAt = at.toISOString();
  await ddb()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: platformPk('LASTSEEN'),
          SK: companyId,
          GSI1PK: platformPk('LASTSEEN', String(bucketOf(companyId))),
          GSI1SK: `${lastSeenAt}#${companyId}`,
          entity: 'companySeen',
          companyId,
          lastSeenAt,
        },
        // Never move back in time (two Lambdas writing the same minute).
        ConditionExpression: 'attribute_not_exists(lastSeenAt) OR lastSeenAt < :at',
        ExpressionAttributeValues: { ':at': lastSeenAt },
      }),
    )
    .catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
}

/** AP-LS1: companies seen at or after `since`, newest first (one range Query per bucket). */
export async function listCompaniesSeenSince(since: Date): Promise<CompanySeen[]> {
  const from = since.toISOString();
  const buckets = await Promise.all(
    Array.from({ length: LAST_SEEN_BUCKETS }, (_, b) =>
      queryAll({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :from',
        ExpressionAttributeValues: { ':pk': platformPk('LASTSEEN', String(b)), ':from': from },
      }),
    ),
  );
  return buckets
    .flat()
    .map((item) => ({ companyId: String(item.companyId), lastSeenAt: String(item.lastSeenAt) }))
    .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
}
