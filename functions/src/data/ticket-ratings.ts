/**
 * Customer ratings of a ticket's service (spec part 1 §2 dashboard "rating (1 to 3 stars)" per
 * attendant, §9 scale). One per ticket: a conditional put, so a repeated answer records nothing twice.
 *
 *   rating  PK = C#<cid>#RATING#<userId>  SK = <ticketId>  { rate, ratedAt }
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { isConditionFailed } from './transactions';

export async function recordTicketRating(
  companyId: string,
  userId: string,
  ticketId: string,
  rate: 1 | 2 | 3,
): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: tenantPk(companyId, 'RATING', userId), SK: ticketId, rate, ratedAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}
