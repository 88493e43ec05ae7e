/**
 * The content of messages this connection sent, for Baileys' `getMessage`: when a recipient's phone
 * could not decrypt a message it asks for a retry, and Baileys re-encrypts the content it gets here.
 * Kept in DynamoDB (`sent#<id>` under the connection's auth partition, expiring after a week by the table's TTL) with a
 * small cache in front, so a retry asked after a reconnect or a host restart still finds it; an
 * answer of "unknown" makes the recipient see "waiting for this message" forever.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { proto } from '@whiskeysockets/baileys';
import { TTL_ATTRIBUTE } from '@atende/functions/shared-surface';
import { sentSk } from './auth-keys';
import { decodeJson, encodeJson } from './large-values';

const KEEP_SECONDS = 7 * 24 * 3600;
const CACHED = 500;

export class SentMessageStore {
  private readonly cache = new Map<string, proto.IMessage>();

  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly pk: string,
  ) {}

  async put(id: string, message: proto.IMessage): Promise<void> {
    this.remember(id, message);
    await this.ddb.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          PK: this.pk,
          SK: sentSk(id),
          entity: 'waSentMessage',
          data: encodeJson(message),
          [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
        },
      }),
    );
  }

  async get(id: string): Promise<proto.IMessage | undefined> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const out = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: { PK: this.pk, SK: sentSk(id) } }));
    const data = out.Item?.data as string | undefined;
    if (!data) return undefined;
    const message = decodeJson<proto.IMessage>(data);
    this.remember(id, message);
    return message;
  }

  private remember(id: string, message: proto.IMessage): void {
    this.cache.delete(id);
    this.cache.set(id, message);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value as string);
  }
}
