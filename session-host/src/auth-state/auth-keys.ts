/**
 * Keys of the session host's own items under a connection's auth partition (docs/data-model.md,
 * "Session host"). Only this module concatenates them.
 */
import { tenantPk } from '@atende/functions/shared-surface';

export const authPk = (companyId: string, connectionId: string) => tenantPk(companyId, 'WAAUTH', connectionId);

export const CREDS_SK = 'creds';
export const SIGNAL_KEY_PREFIX = 'key#';
export const signalKeySk = (type: string, id: string) => `${SIGNAL_KEY_PREFIX}${type}#${id}`;
export const commandSk = (commandId: string) => `cmd#${commandId}`;
/** Simulator-only items (the simulated customers and their conversations), local mode only. */
export const SIMULATOR_PREFIX = 'sim#';
/** Content of a message this connection sent (Baileys' getMessage for retries), expiring by `ttl`. */
export const sentSk = (messageId: string) => `sent#${messageId}`;
/** The chat JID (and group participant) an inbound message came on, expiring by `ttl` (chat-keys.ts). */
export const chatSk = (externalId: string) => `chat#${externalId}`;
