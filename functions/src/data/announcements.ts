/**
 * Announcements (spec part 3 §3): platform content, newest first; super users write, every company
 * reads the active ones in the top-bar popover.
 *
 *   announcement  PK = P#ANNOUNCEMENTS  SK = <announcementId>   { title, text, priority, status, mediaPath, mediaName, createdAt, updatedAt }
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AnnouncementInput } from '@atende/shared';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { partitionQuery, queryPage } from './table-operations';

export interface AnnouncementRecord extends AnnouncementInput {
  id: string;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

const PK = platformPk('ANNOUNCEMENTS');

/** AP-AN1: a page of announcements, newest first (ULID ids sort by creation). */
export async function queryAnnouncements(limit: number, startKey?: Record<string, unknown>, onlyActive = false) {
  const { items, next } = await queryPage(
    partitionQuery({ attribute: 'PK', value: PK }, { newestFirst: true, where: onlyActive ? { status: true } : undefined }),
    { limit, after: startKey },
  );
  return { announcements: items.map(fromItem), nextCursor: next };
}

/** AP-AN2: one announcement. */
export async function getAnnouncement(id: string): Promise<AnnouncementRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK, SK: id } }));
  return out.Item ? fromItem(out.Item) : undefined;
}

export async function putAnnouncement(record: AnnouncementRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { PK, SK: record.id, ...record } }));
}

export async function removeAnnouncement(id: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: tableName(), Key: { PK, SK: id }, ConditionExpression: 'attribute_exists(PK)' }),
  );
}

function fromItem(item: Record<string, unknown>): AnnouncementRecord {
  const { PK: _pk, SK: _sk, ...rest } = item;
  return rest as unknown as AnnouncementRecord;
}
