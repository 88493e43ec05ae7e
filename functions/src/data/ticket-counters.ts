/**
 * Tab counts maintained on write: how many tickets each (status, queue) and (status, user) list
 * holds. Moved in the same transaction as the ticket, so they never drift; read with one Query of a
 * partition whose size is bounded by the company's queues and users, not its tickets.
 *
 *   counter  PK = C#<cid>#TCOUNT   SK = <status>#Q#<queueId|NONE> | <status>#U#<userId|NONE>   { n }
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { partitionQuery, queryAll } from './table-operations';
import type { LabelledItem } from './transactions';

export const NONE = 'NONE';
const counterPk = (companyId: string) => tenantPk(companyId, 'TCOUNT');
const queueSk = (status: TicketStatus, queueId: string | null) => `${status}#Q#${queueId ?? NONE}`;
const userSk = (status: TicketStatus, userId: string | null) => `${status}#U#${userId ?? NONE}`;

interface ListFacts {
  status: TicketStatus;
  queueId: string | null;
  userId: string | null;
}

const add = (companyId: string, sk: string, delta: number): LabelledItem => ({
  label: 'counter',
  item: {
    Update: {
      TableName: tableName(),
      Key: { PK: counterPk(companyId), SK: sk },
      UpdateExpression: 'ADD n :d',
      ExpressionAttributeValues: { ':d': delta },
    },
  },
});

/**
 * The counters a ticket counts in: its (status, queue) one, and its (status, user) one for the statuses
 * kept in user lists (open, closed). Pending tickets have no user list (data/ticket-list-keys.ts) and
 * no tab reads them by user (shared ticketListScope never scopes pending to "mine"), so a new ticket
 * and an accept each move one counter fewer. Counters of pending by user written before stay unread.
 */
export const counterSks = (facts: ListFacts) => [
  queueSk(facts.status, facts.queueId),
  ...(facts.status === 'pending' ? [] : [userSk(facts.status, facts.userId)]),
];

/** Counter moves for a ticket leaving `before` and entering `after` (either may be absent). */
export function counterMoves(companyId: string, before: ListFacts | null, after: ListFacts | null): LabelledItem[] {
  const deltas = new Map<string, number>();
  const bump = (sk: string, d: number) => deltas.set(sk, (deltas.get(sk) ?? 0) + d);
  if (before) for (const sk of counterSks(before)) bump(sk, -1);
  if (after) for (const sk of counterSks(after)) bump(sk, 1);
  return [...deltas].filter(([, d]) => d !== 0).map(([sk, d]) => add(companyId, sk, d));
}

/** Bulk loading (bench generator): adds many tickets' worth to the counters at once. */
export async function addToTicketCounters(companyId: string, deltas: Map<string, number>): Promise<void> {
  await Promise.all([...deltas].map(([sk, n]) => ddb().send(new UpdateCommand(add(companyId, sk, n).item.Update!))));
}

export interface TicketCounts {
  byQueue(status: TicketStatus, queueId: string | null): number;
  byUser(status: TicketStatus, userId: string | null): number;
  /** Every queue (and queue-less) of a status. */
  total(status: TicketStatus): number;
  /** The users (null: no user) whose list of a status is not empty: where that status's tickets are. */
  usersWith(status: TicketStatus): (string | null)[];
}

/** AP-TC1: every counter of a company (one Query; bounded by queues + users × 3 statuses). */
export async function readTicketCounts(companyId: string): Promise<TicketCounts> {
  const values = new Map(
    (await queryAll(partitionQuery({ attribute: 'PK', value: counterPk(companyId) }))).map((item) => [
      String(item.SK),
      Math.max(0, Number(item.n ?? 0)),
    ]),
  );
  return {
    byQueue: (status, queueId) => values.get(queueSk(status, queueId)) ?? 0,
    byUser: (status, userId) => values.get(userSk(status, userId)) ?? 0,
    total: (status) => [...values].filter(([sk]) => sk.startsWith(`${status}#Q#`)).reduce((sum, [, n]) => sum + n, 0),
    usersWith: (status) =>
      [...values]
        .filter(([sk, n]) => n > 0 && sk.startsWith(`${status}#U#`))
        .map(([sk]) => sk.slice(`${status}#U#`.length))
        .map((id) => (id === NONE ? null : id)),
  };
}
