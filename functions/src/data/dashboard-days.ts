/**
 * The dashboard's aggregates (spec part 1 §2 "Dashboard", §3 "Dashboard response"): one item per
 * company and local day, moved (`ADD`) inside the very transactions that create, move, delete and
 * rate tickets and create contacts, so a redelivered event (whose transaction's condition fails)
 * counts nothing twice, and `GET /dashboard` reads one item per day of the period whatever the
 * company's size (AP-DB1).
 *
 *   day  PK = C#<cid>#DASHDAY   SK = <yyyy-mm-dd, the company's time zone>
 *        created, h00..h23          tickets created that day, and per local hour
 *        s_pending/s_open/s_closed  of those tickets, how many are in each status now (moved as they change)
 *        waitN, waitMs              first acceptances of those tickets, and their total wait since created/reopened
 *        supportN, supportMs        resolutions of those tickets, and their total time since accepted
 *        u_<uid>_n, u_<uid>_ms      the same resolutions per attendant
 *        u_<uid>_rn, u_<uid>_rs     customer ratings per attendant (count, sum of 1..3)
 *        leads                      contacts created that day
 *
 * Every figure belongs to the day its ticket was created (its cohort, `createdSlot`), so a ticket's
 * moves always touch one item, and "waiting + in service + finished" of a period is what was opened in it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE, type TicketStatus } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { queryAll } from './table-operations';
import type { LabelledItem } from './transactions';

/** What the aggregates need to know of a ticket before or after a change. */
export interface DashboardTicketFacts {
  status: TicketStatus;
  userId: string | null;
  createdAt: string;
  /** Local `YYYY-MM-DDTHH` of its creation in the company's time zone (absent on old items: default zone). */
  createdSlot?: string;
  acceptedAt?: string | null;
  reopenedAt?: string | null;
}

const dayPk = (companyId: string) => tenantPk(companyId, 'DASHDAY');
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const slotFormatters = new Map<string, Intl.DateTimeFormat>();
function slotFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = slotFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    slotFormatters.set(timeZone, f);
  }
  return f;
}

/** `YYYY-MM-DDTHH`: the local day and hour of an instant in a time zone. */
export function localSlot(at: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    slotFormatter(timeZone)
      .formatToParts(typeof at === 'string' ? new Date(at) : at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}`;
}

const slotOf = (t: DashboardTicketFacts) => t.createdSlot ?? localSlot(t.createdAt, DEFAULT_TIME_ZONE);
const since = (from: string | null | undefined, to: string) => Math.max(0, Date.parse(to) - Date.parse(from ?? to));

/** The attribute deltas of one ticket change on its day item (empty: nothing moves). */
export function ticketDayDeltas(
  before: DashboardTicketFacts | null,
  after: DashboardTicketFacts | null,
  now: string,
): Map<string, number> {
  const deltas = new Map<string, number>();
  const bump = (name: string, d: number) => d && deltas.set(name, (deltas.get(name) ?? 0) + d);
  if (!before && after) {
    bump('created', 1);
    bump(`h${slotOf(after).slice(11, 13)}`, 1);
  }
  if (before) bump(`s_${before.status}`, -1);
  if (after) bump(`s_${after.status}`, 1);
  if (before && after) {
    if (before.status === 'pending' && after.status === 'open' && !before.acceptedAt) {
      bump('waitN', 1);
      bump('waitMs', since(before.reopenedAt ?? before.createdAt, now));
    }
    const attendant = after.userId ?? before.userId;
    if (before.status !== 'closed' && after.status === 'closed' && attendant) {
      const ms = since(before.acceptedAt ?? before.reopenedAt ?? before.createdAt, now);
      bump('supportN', 1);
      bump('supportMs', ms);
      bump(`u_${attendant}_n`, 1);
      bump(`u_${attendant}_ms`, ms);
    }
  }
  for (const [name, d] of deltas) if (d === 0) deltas.delete(name);
  return deltas;
}

function addItem(companyId: string, day: string, deltas: Map<string, number>): LabelledItem {
  const entries = [...deltas];
  return {
    label: 'dashboard',
    item: {
      Update: {
        TableName: tableName(),
        Key: { PK: dayPk(companyId), SK: day },
        UpdateExpression: `ADD ${entries.map((_, i) => `#a${i} :d${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, d], i) => [`:d${i}`, d])),
      },
    },
  };
}

/** The day item's move for a ticket change, for the ticket's own transaction (none when nothing moves). */
export function dashboardMoves(
  companyId: string,
  before: DashboardTicketFacts | null,
  after: DashboardTicketFacts | null,
  now: string,
): LabelledItem[] {
  const deltas = ticketDayDeltas(before, after, now);
  const facts = (before ?? after)!;
  return deltas.size ? [addItem(companyId, slotOf(facts).slice(0, 10), deltas)] : [];
}

/** A customer's rating of the attendant who served a ticket, on the ticket's day. */
export const ratingMove = (companyId: string, ticket: DashboardTicketFacts, userId: string, rate: number) =>
  addItem(
    companyId,
    slotOf(ticket).slice(0, 10),
    new Map([
      [`u_${userId}_rn`, 1],
      [`u_${userId}_rs`, rate],
    ]),
  );

/** A new contact (a lead) on its local day. */
export const leadMove = (companyId: string, createdAt: string, timeZone: string) =>
  addItem(companyId, localSlot(createdAt, timeZone).slice(0, 10), new Map([['leads', 1]]));

/** Bulk loading (bench generator): adds many tickets' worth to one day at once. */
export async function addToDashboardDay(companyId: string, day: string, deltas: Map<string, number>): Promise<void> {
  if (deltas.size) await ddb().send(new UpdateCommand(addItem(companyId, day, deltas).item.Update!));
}

export interface DashboardDay {
  day: string;
  /** Attribute → value (see the header); absent attributes are 0. */
  figures: Record<string, number>;
}

const toDay = (item: Record<string, unknown>): DashboardDay => {
  const { PK: _pk, SK, ...figures } = item;
  return { day: String(SK), figures: figures as Record<string, number> };
};

/** AP-DB1: the day items of a period (inclusive local days; at most MAX_DASHBOARD_DAYS items). */
export async function readDashboardDays(companyId: string, from: string, to: string): Promise<DashboardDay[]> {
  if (!DAY.test(from) || !DAY.test(to)) return [];
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': dayPk(companyId), ':from': from, ':to': to },
  });
  return items.map(toDay);
}

/** One day's item (tests). */
export async function readDashboardDay(companyId: string, day: string): Promise<DashboardDay | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: dayPk(companyId), SK: day } }));
  return out.Item ? toDay(out.Item) : undefined;
}
