/**
 * Ticket notes (spec part 1 §3 "Ticket note"): the contact drawer's notes of one ticket.
 *
 *   note  PK = C#<cid>#NOTE   SK = <noteId>
 *         GSI1PK = C#<cid>#TICKETNOTES#<ticketId>   GSI1SK = <noteId>   (notes of a ticket, oldest first)
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './table-operations';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';

export interface TicketNoteRecord {
  id: string;
  companyId: string;
  ticketId: string;
  contactId: string;
  userId: string;
  note: string;
  createdAt: string;
}

const noteKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'NOTE'), SK: id });
const fromItem = (item: Record<string, unknown>): TicketNoteRecord => {
  const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, ...note } = item;
  return note as unknown as TicketNoteRecord;
};

export async function insertTicketNote(n: TicketNoteRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...noteKey(n.companyId, n.id), GSI1PK: tenantPk(n.companyId, 'TICKETNOTES', n.ticketId), GSI1SK: n.id, ...n },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** AP-N1: note by id. */
export async function getTicketNote(companyId: string, id: string): Promise<TicketNoteRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: noteKey(companyId, id) }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-N2: the notes of a ticket (at most `limit`, oldest first). */
export async function listTicketNotes(companyId: string, ticketId: string, limit = 200): Promise<TicketNoteRecord[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'TICKETNOTES', ticketId) },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(fromItem);
}

export async function deleteTicketNote(companyId: string, id: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: noteKey(companyId, id) }));
}

/** Deletes many notes at once (the sweep of a deleted ticket). */
export async function deleteTicketNotes(companyId: string, ids: string[]): Promise<void> {
  await batchWrite(ids.map((id) => ({ DeleteRequest: { Key: noteKey(companyId, id) } })));
}
