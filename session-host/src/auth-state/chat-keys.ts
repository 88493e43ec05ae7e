/**
 * On which chat JID (and from which group participant) a message arrived, kept beyond the process, so
 * read receipts, deletes and quotes after a restart still name the chat the message is in
 * (adapters/baileys/chat-index.ts keeps the recent ones in memory). Only what the fallback (the
 * command's `to`, a phone-number JID for contacts with a number) would get wrong is stored: messages on
 * a LID chat, and group messages (their receipts name the participant). `chat#<externalId>` under the
 * connection's auth partition, expiring after 30 days by the table's TTL.
 */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TTL_ATTRIBUTE } from '@atende/functions/shared-surface';
import { chatSk } from './auth-keys';
import { batchGet } from './batch-io';

const KEEP_SECONDS = 30 * 24 * 3600;

export interface ChatKey {
  remoteJid: string;
  participant?: string;
}

export class ChatKeyStore {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly pk: string,
  ) {}

  async put(externalId: string, key: ChatKey): Promise<void> {
    await this.ddb.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          PK: this.pk,
          SK: chatSk(externalId),
          entity: 'waChatKey',
          remoteJid: key.remoteJid,
          ...(key.participant ? { participant: key.participant } : {}),
          [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
        },
      }),
    );
  }

  /** AP-SH9: the chat keys of these messages (at most a receipt's page of ids), those stored. */
  async getMany(externalIds: string[]): Promise<Map<string, ChatKey>> {
    const found = new Map<string, ChatKey>();
    if (!externalIds.length) return found;
    const items = await batchGet(this.ddb, this.tableName, this.pk, externalIds.map(chatSk), [
      'SK',
      'remoteJid',
      'participant',
    ]);
    for (const id of externalIds) {
      const item = items.get(chatSk(id));
      if (!item) continue;
      found.set(id, {
        remoteJid: item.remoteJid as string,
        ...(item.participant ? { participant: item.participant as string } : {}),
      });
    }
    return found;
  }
}
