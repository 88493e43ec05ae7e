/**
 * The local outbox: e-mails "sent" in local mode, newest first, so a person can open the sign-up
 * confirmation link in the console. Platform-level (the sign-up has no company yet); expires in 7 days.
 *
 *   mail  PK = P#OUTBOX  SK = <ulid>  { to, subject, text, html, sentAt, expiresAt }
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from '@atende/shared/ids';
import { ddb, tableName } from './client';
import { platformPk, ttlIn } from './keys';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}

const OUTBOX_TTL_SECONDS = 7 * 24 * 60 * 60;

export async function putOutboxMail(mail: Omit<OutboxMail, 'id' | 'sentAt'>): Promise<OutboxMail> {
  const full: OutboxMail = { ...mail, id: ulid(), sentAt: new Date().toISOString() };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: platformPk('OUTBOX'), SK: full.id, ...full, expiresAt: ttlIn(OUTBOX_TTL_SECONDS) },
    }),
  );
  return full;
}

/** AP-OUT1: the newest mails (one page). */
export async function listOutboxMails(limit = 50): Promise<OutboxMail[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': platformPk('OUTBOX') },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(
    ({ id, to, subject, text, html, sentAt }) => ({ id, to, subject, text, html, sentAt }) as OutboxMail,
  );
}
