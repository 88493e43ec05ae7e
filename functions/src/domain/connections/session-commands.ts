/**
 * Commands to the session host (shared/src/channel.ts). Each carries a fresh ULID commandId:
 * the idempotency key the FIFO queue and the session host dedup on.
 */
import { ulid } from '@atende/shared/ids';
import { HOST_COMMAND_CONNECTION_ID, type OutboundCommand } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { sessionShardCount } from '../../shared-surface/queue-names';
import { sendOutboundCommand } from '../../platform/queues';

export type SessionCommandType = 'session.start' | 'session.newQr' | 'session.logout' | 'session.stop';

export async function sendSessionCommand(connection: ConnectionRecord, type: SessionCommandType): Promise<void> {
  const base = {
    commandId: ulid(),
    companyId: connection.companyId,
    connectionId: connection.id,
    issuedAt: new Date().toISOString(),
  };
  const command: OutboundCommand =
    type === 'session.start' ? { ...base, type, adapter: connection.adapter } : { ...base, type };
  await sendOutboundCommand(connection.shard, command);
}

/** POST /restartpm2: one `host.restart` per shard. */
export async function sendHostRestart(requesterCompanyId: string): Promise<number> {
  const shards = sessionShardCount();
  for (let shard = 0; shard < shards; shard++) {
    await sendOutboundCommand(shard, {
      type: 'host.restart',
      commandId: ulid(),
      companyId: requesterCompanyId,
      connectionId: HOST_COMMAND_CONNECTION_ID,
      issuedAt: new Date().toISOString(),
    });
  }
  return shards;
}
