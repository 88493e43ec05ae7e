/**
 * The inbound FIFO group of a channel event: order where it matters, parallelism elsewhere.
 * - a message, and any later ack/edit/delete of it: the chat (`<connectionId>:<chat jid>`), so a
 *   conversation is processed in order while different customers proceed in parallel;
 * - a message the platform sent (`message.sent` with its clientMessageId: recorded before the send
 *   command was queued), and its acks, edits and deletes: the chat's outbound lane
 *   (`<connectionId>:<chat jid>:out`). Nothing in the customer's lane depends on them, so the
 *   send's echo and its three acks no longer hold up the customer's next message; they stay in
 *   order among themselves;
 * - a message's file (`message.media`), reactions to it and a refusal of it after WhatsApp took it
 *   (`message.sendFailed` with its WhatsApp id): the message's group too. In the connection's group
 *   they could be handled before the message exists (a first message that is a photo, an album burst),
 *   and the platform ignores changes to unknown messages;
 * - the connection's own state (QR, pairing, status) and send failures known only by the API's id
 *   (recorded before the send was queued): the connection.
 * These name only the message id, so the group of recently published messages is remembered (bounded
 * LRU); an unknown id (a message from before a restart) falls back to the connection's group, and the
 * inbound worker retries a file whose message it has not recorded yet.
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
        const chat = chatGroup(event.connectionId, event.message.contact.jid);
        const group = event.type === 'message.sent' && event.message.clientMessageId ? outboundGroup(chat) : chat;
        this.remember(`${event.connectionId}:${event.message.externalId}`, group);
        return group;
      }
      case 'message.ack':
      case 'message.edited':
      case 'message.deleted':
      case 'message.media':
      case 'message.reaction':
        return this.groupOfMessage(event.connectionId, event.externalId);
      case 'message.sendFailed':
        return event.externalId ? this.groupOfMessage(event.connectionId, event.externalId) : event.connectionId;
      case 'contact.updated':
        return chatGroup(event.connectionId, event.contact.jid);
      default:
        return event.connectionId;
    }
  }

  private groupOfMessage(connectionId: string, externalId: string): string {
    return this.chatOfMessage.get(`${connectionId}:${externalId}`) ?? connectionId;
  }

  private remember(messageKey: string, group: string): void {
    this.chatOfMessage.delete(messageKey);
    this.chatOfMessage.set(messageKey, group);
    if (this.chatOfMessage.size > REMEMBERED) this.chatOfMessage.delete(this.chatOfMessage.keys().next().value!);
  }
}

export const chatGroup = (connectionId: string, jid: string) => `${connectionId}:${jid}`.slice(0, MAX_GROUP);
const outboundGroup = (chat: string) => `${chat.slice(0, MAX_GROUP - 4)}:out`;
