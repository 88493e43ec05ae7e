/**
 * Which WhatsApp message types become conversation messages. `textOf` (message-translation.ts)
 * handles the types it knows by name; the rest are sorted here, explicitly, so a type WhatsApp adds
 * never becomes a blank customer message:
 * - control types: frames about other messages or about the chat, not something a person wrote
 *   (poll votes, pins, keep-in-chat, encrypted reactions and event answers, key distribution, album
 *   headers whose items arrive on their own, history bundles, placeholders for undecryptable
 *   messages): skipped, no event;
 * - anything else (orders, products, event invites, group invites, payment requests, types not known
 *   yet): a placeholder naming the type, so the operator knows something arrived and can look at the phone.
 *   It is marked `notice: { kind: 'unsupported' }`, so it never opens or reopens a ticket.
 */

export const CONTROL_TYPES: ReadonlySet<string> = new Set([
  'protocolMessage',
  'reactionMessage',
  'encReactionMessage',
  'senderKeyDistributionMessage',
  'fastRatchetKeySenderKeyDistributionMessage',
  'messageContextInfo',
  'albumMessage',
  'pollUpdateMessage',
  'pollResultSnapshotMessage',
  'pinInChatMessage',
  'keepInChatMessage',
  'encEventResponseMessage',
  'encCommentMessage',
  'editedMessage',
  'stickerSyncRmrMessage',
  'messageHistoryBundle',
  'messageHistoryNotice',
  'placeholderMessage',
  'secretEncryptedMessage',
  'deviceSentMessage',
  'botInvokeMessage',
  'statusMentionMessage',
  'groupStatusMentionMessage',
  'statusNotificationMessage',
  'statusQuotedMessage',
  'statusStickerInteractionMessage',
  'statusAddYours',
  'scheduledCallEditMessage',
  // Baileys' own note of a group call (rc14 messages-recv.js, `ev.on('call')`: `{ call: { callKey } }`);
  // one-to-one calls are reported by call-events.ts.
  'call',
]);

/** The body of a message of a type the platform does not show (pt-BR: the product's language). */
export const placeholderBody = (type: string) => `[Mensagem não suportada: ${type}]`;
