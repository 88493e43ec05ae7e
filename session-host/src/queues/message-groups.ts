/**
 * The inbound FIFO group of a channel event: order where it matters, parallelism elsewhere.
 * - a message, and any later ack/edit/delete of it: the chat (`<connectionId>:<chat jid>`), so a
 *   conversation is processed in order while different customers proceed in parallel;
 * - the connection's own state (QR, pairing, status) and send failures: the connection.
 * Acks, edits and deletes name only the message id, so the chat of recently published messages is
 * remembered (bounded LRU); an unknown id falls back to the connection's group.
 */
import type { ChannelEvent } from '@atende/shared';

const REMEMBERED = 20_000;
/** SQS allows 128 characters in a MessageGroupId. */
const MAX_GROUP = 128;

export class MessageGroups {
  private readonly chatOfMessage = new Map<string, string>();

  of(event: ChannelEvent): string {
    switch (event.type) {
      case 'message.received':
      case 'message.sent': {
        const group = chatGroup(event.connectionId, event.message.contact.jid);
        this.remember(`${event.connectionId}:${event.message.externalId}`, group);
        return group;
      }
      case 'message.ack':
      case 'message.edited':
      case 'message.deleted':
        return this.chatOfMessage.get(`${event.connectionId}:${event.externalId}`) ?? event.connectionId;
      case 'contact.updated':
        return chatGroup(event.connectionId, event.contact.jid);
      default:
        return event.connectionId;
    }
  }

  private remember(messageKey: string, group: string): void {
    this.chatOfMessage.delete(messageKey);
    this.chatOfMessage.set(messageKey, group);
    if (this.chatOfMessage.size > REMEMBERED) this.chatOfMessage.delete(this.chatOfMessage.keys().next().value!);
  }
}

export const chatGroup = (connectionId: string, jid: string) => `${connectionId}:${jid}`.slice(0, MAX_GROUP);
