/**
 * The list keys of a ticket item (data/tickets.ts, docs/data-model.md "Tickets"): which list indexes
 * each status keeps a ticket in, the keys of each, and the condition that a ticket is still in the
 * lists it was read from.
 *
 *   GSI1PK = C#<cid>#TQ#<status>#<queueId|NONE>  GSI1SK = <updatedAt>#<id>   (per status and queue: pending, closed)
 *   GSI2PK = C#<cid>#TU#<status>#<userId|NONE>   GSI2SK = <updatedAt>#<id>   (per status and user: open, closed)
 */
import type { TicketStatus } from '@atende/shared';
import { tenantPk } from './keys';
import { NONE } from './ticket-counters';
import type { TicketRecord } from './tickets';

export const queueListPk = (companyId: string, status: TicketStatus, queueId: string | null) =>
  tenantPk(companyId, 'TQ', status, queueId ?? NONE);
export const userListPk = (companyId: string, status: TicketStatus, userId: string | null) =>
  tenantPk(companyId, 'TU', status, userId ?? NONE);
export const activitySk = (updatedAt: string, id: string) => `${updatedAt}#${id}`;

export type ListIndex = 'GSI1' | 'GSI2';
/**
 * The list indexes a status keeps its tickets in (docs/data-model.md "Tickets"): pending tickets (no
 * user) in their queue's list, open ones in their user's list, closed ones in both (rarely written).
 * So a message on a pending or open ticket moves it in one index, not two.
 */
export const LIST_INDEXES: Record<TicketStatus, readonly ListIndex[]> = {
  pending: ['GSI1'],
  open: ['GSI2'],
  closed: ['GSI1', 'GSI2'],
};
export const ALL_LIST_INDEXES: readonly ListIndex[] = ['GSI1', 'GSI2'];

/**
 * The list indexes an item holds a partition key for that its status does not keep: an item written
 * before the keys were sparse (round 16), e.g. an open ticket still in its queue's list.
 */
export const staleListIndexes = (item: Record<string, unknown>): ListIndex[] => {
  const kept: readonly ListIndex[] = LIST_INDEXES[item.status as TicketStatus] ?? ALL_LIST_INDEXES;
  return ALL_LIST_INDEXES.filter((index) => item[`${index}PK`] !== undefined && !kept.includes(index));
};

type ListFacts = Pick<TicketRecord, 'companyId' | 'status' | 'queueId' | 'userId' | 'updatedAt' | 'id'>;
/** The list keys of one index, whatever the status keeps (the move and the conditions pick from it). */
const indexKeys = (t: ListFacts, index: ListIndex) => ({
  [`${index}PK`]:
    index === 'GSI1' ? queueListPk(t.companyId, t.status, t.queueId) : userListPk(t.companyId, t.status, t.userId),
  [`${index}SK`]: activitySk(t.updatedAt, t.id),
});
/** The list keys a ticket item carries: only those of its status's indexes. */
export const listKeys = (t: ListFacts): Record<string, string> =>
  Object.assign({}, ...LIST_INDEXES[t.status].map((index) => indexKeys(t, index)));

/**
 * The condition that the ticket still has the status, queue and user it was read with, i.e. is still
 * in the lists it was read from: two concurrent moves cannot both apply (the loser's label is `ticket`).
 * It compares the attributes, not the list keys: those are sparse by status, and an item written
 * before they were may still carry a list key its status no longer has.
 */
export function sameListsCondition(t: Pick<TicketRecord, 'status' | 'queueId' | 'userId'>) {
  const values: Record<string, unknown> = { ':oldStatus': t.status };
  const same = (attribute: 'queueId' | 'userId', value: string | null | undefined) => {
    if (value !== null && value !== undefined) {
      values[`:old_${attribute}`] = value;
      return `${attribute} = :old_${attribute}`;
    }
    values[':nullType'] = 'NULL';
    return `(attribute_not_exists(${attribute}) OR attribute_type(${attribute}, :nullType))`;
  };
  const expr = `#status = :oldStatus AND ${same('queueId', t.queueId)} AND ${same('userId', t.userId)}`;
  return { expr, values, names: { '#status': 'status' } };
}
