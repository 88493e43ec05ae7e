/**
 * Help videos (spec part 2 §3 "Help"): platform content every company sees on /helps.
 *
 *   help  PK = P#HELPS  SK = <helpId>  { title, description, video }
 */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HelpDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { platformPk } from './keys';

const HELPS = platformPk('HELPS');

/** AP-H1: every help video (a short list, one query page). */
export async function listHelps(): Promise<HelpDto[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': HELPS },
      Limit: 500,
    }),
  );
  return (out.Items ?? []).map((i) => ({
    id: String(i.SK),
    title: String(i.title),
    description: String(i.description ?? ''),
    video: String(i.video ?? ''),
  }));
}

export async function putHelp(help: HelpDto, mustExist: boolean): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: HELPS, SK: help.id, title: help.title, description: help.description, video: help.video },
      ConditionExpression: mustExist ? 'attribute_exists(PK)' : 'attribute_not_exists(PK)',
    }),
  );
}

export async function removeHelp(helpId: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: { PK: HELPS, SK: helpId },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}
