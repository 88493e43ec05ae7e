/**
 * The commands that act on a running connection's chats: send (publishing `message.sent` with the
 * console's client id), delete, mark read, reject a call, and the "is this number on WhatsApp" check
 * (publishing `numbers.checked` under the same request id).
 */
import type { OutboundCommand } from '@atende/shared';
import { messageIdForCommand } from '../adapters/message-ids';
import type { ManagedSession } from '../session-types';
import type { SessionPublisher } from './session-publisher';

export type MessageCommand = Extract<
  OutboundCommand,
  { type: 'message.send' | 'message.delete' | 'message.read' | 'call.reject' }
>;
type NumbersCheck = Extract<OutboundCommand, { type: 'numbers.check' }>;

const notRunning = (connectionId: string) => new Error(`connection ${connectionId} is not running on this host`);

export async function runMessageCommand(
  session: ManagedSession | undefined,
  command: MessageCommand,
  publisher: SessionPublisher,
): Promise<{ externalId?: string }> {
  if (!session) throw notRunning(command.connectionId);
  if (command.type === 'message.delete') {
    await session.adapter.deleteMessage(command);
    return {};
  }
  if (command.type === 'message.read') {
    await session.adapter.markRead(command);
    return {};
  }
  if (command.type === 'call.reject') {
    await session.adapter.rejectCall(command);
    return {};
  }
  const message = await session.adapter.send(command, messageIdForCommand(command.connectionId, command.commandId));
  publisher.publishBody(session, {
    type: 'message.sent',
    message: { ...message, clientMessageId: command.clientMessageId },
  });
  return { externalId: message.externalId };
}

/** Asks WhatsApp which numbers have an account and publishes the answer. */
export async function runNumbersCheck(
  session: ManagedSession | undefined,
  command: NumbersCheck,
  publisher: SessionPublisher,
): Promise<void> {
  if (!session) throw notRunning(command.connectionId);
  const results = await session.adapter.checkNumbers(command);
  publisher.publishBody(session, { type: 'numbers.checked', requestId: command.requestId, results });
}
