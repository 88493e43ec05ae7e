/**
 * Keeps the simulated customers and their conversations across host restarts (local mode only), next
 * to the connection's auth state: `sim#contact#<number>` and `sim#msg#<number>#<id>`. Writes are
 * fire-and-forget: losing one only costs the simulated phone's history, never platform data. They
 * are written behind, every WRITE_BEHIND_MS, as BatchWriteItem calls (a contact saved several times
 * in that window is written once): one call per window instead of two Puts per simulated message.
 * A message saves only itself: the contact's `lastMessageAt` is taken from its messages on load, so
 * the simulated WhatsApp writes one item per message into the table it shares with the platform.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite, queryAll } from '@atende/functions/shared-surface';
import { authPk, SIMULATOR_PREFIX } from '../../auth-state/auth-keys';
import type { Logger } from '../../logger';
import type { SimContact, SimMessage } from './simulator-types';

export interface StoredConversation {
  contact: SimContact;
  messages: SimMessage[];
}

const WRITE_BEHIND_MS = 100;

export class SimulatorPersistence {
  private readonly unsaved = new Map<string, Record<string, unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly log: Logger,
  ) {}

  /** AP-SH5: the simulated conversations of one connection. */
  async load(companyId: string, connectionId: string): Promise<StoredConversation[]> {
    const byNumber = new Map<string, StoredConversation>();
    const messages: { number: string; message: SimMessage }[] = [];
    const items = await queryAll(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': authPk(companyId, connectionId), ':prefix': SIMULATOR_PREFIX },
      },
      { ddb: this.ddb, tableName: this.tableName },
    );
    for (const item of items) {
      if (item.entity === 'simContact')
        byNumber.set(item.number as string, { contact: item.contact as SimContact, messages: [] });
      if (item.entity === 'simMessage')
        messages.push({ number: item.number as string, message: item.message as SimMessage });
    }
    for (const { number, message } of messages) byNumber.get(number)?.messages.push(message);
    for (const conversation of byNumber.values()) {
      conversation.messages.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      const last = conversation.messages.at(-1);
      if (last) conversation.contact = { ...conversation.contact, lastMessageAt: last.timestamp };
    }
    return [...byNumber.values()];
  }

  saveContact(companyId: string, connectionId: string, contact: SimContact): void {
    this.put({
      PK: authPk(companyId, connectionId),
      SK: `${SIMULATOR_PREFIX}contact#${contact.number}`,
      entity: 'simContact',
      number: contact.number,
      contact,
    });
  }

  saveMessage(companyId: string, connectionId: string, number: string, message: SimMessage): void {
    this.put({
      PK: authPk(companyId, connectionId),
      SK: `${SIMULATOR_PREFIX}msg#${number}#${message.id}`,
      entity: 'simMessage',
      number,
      message,
    });
  }

  /** Writes what is still unsaved (the host's stop waits for it). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const items = [...this.unsaved.values()];
    this.unsaved.clear();
    if (items.length)
      this.writing = this.writing.then(() =>
        batchWrite(
          items.map((Item) => ({ PutRequest: { Item } })),
          { ddb: this.ddb, tableName: this.tableName },
        ).catch((err: Error) => this.log.warn({ err, items: items.length }, 'simulator state not saved')),
      );
    await this.writing;
  }

  private put(item: Record<string, unknown>): void {
    this.unsaved.set(`${item.PK as string}\u0000${item.SK as string}`, item);
    this.timer ??= setTimeout(() => void this.flush(), WRITE_BEHIND_MS);
  }
}
