/**
 * Customer ratings of a ticket's service (spec part 1 §2 dashboard "rating (1 to 3 stars)" per
 * attendant, §9 scale). One per ticket: a conditional put, so a repeated answer records nothing twice.
 *
 *   rating  PK = C#<cid>#RATING#<userId>  SK = <ticketId>  { rate, ratedAt }
 */
import { ratingMove, type DashboardTicketFacts } from './dashboard-days';
import { tableName } from './client';
import { tenantPk } from './keys';
import { TransactionConditionFailed, transactWrite } from './transactions';

/**
 * Records the rating and moves the attendant's dashboard figures (data/dashboard-days.ts) in one
 * transaction: a repeated answer fails the put's condition and moves nothing. False when already rated.
 */
export async function recordTicketRating(
  ticket: DashboardTicketFacts & { companyId: string; id: string },
  userId: string,
  rate: 1 | 2 | 3,
): Promise<boolean> {
  try {
    await transactWrite([
      {
        label: 'rating',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              PK: tenantPk(ticket.companyId, 'RATING', userId),
              SK: ticket.id,
              rate,
              ratedAt: new Date().toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      ratingMove(ticket.companyId, ticket, userId, rate),
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('rating')) return false;
    throw err;
  }
}
