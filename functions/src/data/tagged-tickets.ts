/**
 * Which tickets carry a tag, by contact: what a tag campaign pages (domain/campaign-sending/target.ts).
 * Tags live on tickets (`tagIds`), and no ticket list is keyed by tag, so this small index is kept
 * beside the ticket's tag set:
 *
 *   tagged  PK = C#<cid>#TAGGED#<tagId>   SK = <contactId>#<ticketId>   { contactId, ticketId }   (AP-TG4)
 *
 * Sorted by contact, so a contact's tickets are adjacent and a page is deduplicated as it is read.
 * Written around the ticket's own tag transaction (domain/tickets/ticket-tags.ts, delete-ticket.ts):
 * entries of added tags BEFORE it, entries of removed tags (and of a deleted ticket) AFTER it. A crash
 * in between leaves an entry too many, never one missing; readers check the ticket still carries the
 * tag. Group tickets are not indexed (a campaign never writes to a group).
 *
 * Backfill: tickets tagged before this index existed have no entries; a one-off pass per company puts
 * them (domain/campaign-sending/tagged-backfill.ts), its progress kept in one item:
 *
 *   backfill  PK = C#<cid>#TAGBACKFILL   SK = STATE   { run, after?, done, updatedAt }   (AP-TG5)
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { batchWrite, queryPage, type WriteRequest } from './table-operations';
import { writeIfCondition } from './transactions';

export interface TaggedTicket {
  contactId: string;
  ticketId: string;
}

/** The ticket's fields the index is derived from. */
export type TaggableTicket = { companyId: string; id: string; contactId: string; isGroup: boolean };

const taggedPk = (companyId: string, tagId: string) => tenantPk(companyId, 'TAGGED', tagId);
const taggedKey = (t: TaggableTicket, tagId: string) => ({ PK: taggedPk(t.companyId, tagId), SK: `${t.contactId}#${t.id}` });

/** Entries for the tags the ticket gains (idempotent puts). */
export async function indexTicketTags(ticket: TaggableTicket, tagIds: readonly string[]): Promise<void> {
  if (ticket.isGroup || !tagIds.length) return;
  const puts: WriteRequest[] = tagIds.map((tagId) => ({
    PutRequest: { Item: { ...taggedKey(ticket, tagId), contactId: ticket.contactId, ticketId: ticket.id } },
  }));
  await batchWrite(puts);
}

/** Takes off the entries of the tags the ticket lost (or all of a deleted ticket's); deleting a missing one is a no-op. */
export async function unindexTicketTags(ticket: TaggableTicket, tagIds: readonly string[]): Promise<void> {
  if (ticket.isGroup || !tagIds.length) return;
  await batchWrite(tagIds.map((tagId) => ({ DeleteRequest: { Key: taggedKey(ticket, tagId) } })));
}

/**
 * AP-TG4: up to `limit` entries of a tag in contact order, after the sort key `after`; `last` is the
 * sort key to continue from (absent on the last page).
 */
export async function listTaggedTicketsPage(
  companyId: string,
  tagId: string,
  page: { after?: string; limit: number },
): Promise<{ entries: TaggedTicket[]; last?: string }> {
  const pk = taggedPk(companyId, tagId);
  const out = await queryPage(
    { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } },
    { limit: page.limit, ...(page.after ? { after: { PK: pk, SK: page.after } } : {}) },
  );
  return {
    entries: out.items.map((item) => ({ contactId: String(item.contactId), ticketId: String(item.ticketId) })),
    ...(out.next ? { last: String(out.next.SK) } : {}),
  };
}

/** Where a company's backfill of this index stands: `run` is the step to run next, `after` its contact cursor. */
export interface TaggedBackfillState {
  run: number;
  after?: string;
  done: boolean;
  /** ISO instant of the last step (a stalled pass is queued again after a while). */
  updatedAt: string;
}

const backfillKey = (companyId: string) => ({ PK: tenantPk(companyId, 'TAGBACKFILL'), SK: 'STATE' });

/** AP-TG5: the company's backfill state (consistent), absent before it ever started. */
export async function getTaggedBackfill(companyId: string): Promise<TaggedBackfillState | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: backfillKey(companyId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  return {
    run: Number(out.Item.run),
    ...(out.Item.after ? { after: String(out.Item.after) } : {}),
    done: out.Item.done === true,
    updatedAt: String(out.Item.updatedAt),
  };
}

/** Creates the state at run 0; false when it already exists (another caller started the pass). */
export async function createTaggedBackfill(companyId: string, now: Date): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...backfillKey(companyId), run: 0, done: false, updatedAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/**
 * Moves the pass from step `run` to `run + 1` (`after` the last contact done, or done); false when
 * step `run` was already completed (a redelivered or concurrent copy), so each step advances once.
 */
export async function advanceTaggedBackfill(
  companyId: string,
  run: number,
  next: { after?: string; done: boolean },
  now: Date,
): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: backfillKey(companyId),
        UpdateExpression: next.after
          ? 'SET #run = :next, #after = :after, #done = :done, updatedAt = :now'
          : 'SET #run = :next, #done = :done, updatedAt = :now REMOVE #after',
        ConditionExpression: '#run = :run AND #done = :false',
        ExpressionAttributeNames: { '#run': 'run', '#after': 'after', '#done': 'done' },
        ExpressionAttributeValues: {
          ':run': run,
          ':next': run + 1,
          ':done': next.done,
          ':false': false,
          ':now': now.toISOString(),
          ...(next.after ? { ':after': next.after } : {}),
        },
      }),
    ),
  );
}
