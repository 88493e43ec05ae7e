// Shared with the API, which records outbound messages under the same id before queueing them.
export { messageIdForCommand } from '@atende/functions/platform/outbound-message-ids';
