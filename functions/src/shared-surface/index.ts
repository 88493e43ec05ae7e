/**
 * `@atende/functions/shared-surface`: everything the session host shares with the Lambdas, and the
 * only functions module it may import (eslint.config.js enforces it). Table name, key builders, the
 * shard registry's items, the data helpers (paged Query, retrying batches), the queue names, the
 * channel event ids, the shard-down report, the SendMessageBatch grouping and the SDK client trim. Add here
 * only what both sides must agree on; never domain rules, handlers or platform clients.
 */
export { DEFAULT_TABLE_NAME, TTL_ATTRIBUTE } from '../data/table-definition';
export { tenantPk, ttlIn } from '../data/keys';
export {
  deleteShardSession,
  getShardHost,
  listShardSessions,
  MAX_SESSION_SHARDS,
  shardHostItem,
  shardHostKey,
  shardSessionItem,
  shardSessionKey,
  type ShardHostHeartbeat,
  type ShardSession,
  type TableRef,
} from '../data/shard-registry';
export {
  claimConnection,
  createFreeLease,
  dropConnectionLease,
  getConnectionLease,
  leaseOwnerId,
  listLeasesOwnedBy,
  NO_OWNER,
  releaseConnection,
  type ConnectionLease,
  type ConnectionRef,
} from '../data/connection-leases';
export {
  acknowledgeReleaseRequests,
  listHostLeases,
  readFleet,
  removeHostLease,
  renewHostLease,
  requestFleetRestart,
  requestRelease,
  type FleetState,
  type HostBeat,
  type HostLease,
} from '../data/fleet-hosts';
export {
  batchGet,
  batchWrite,
  queryAll,
  queryPages,
  UnprocessedItemsError,
  updateExpression,
  type WriteRequest,
} from '../data/table-operations';
export { withoutSdkLogger } from '../data/sdk-client';
export {
  laneOf,
  MAX_SESSION_LANES,
  outboundQueueName,
  queueUrlEnv,
  sessionLaneCount,
  sessionShardCount,
} from './queue-names';
export { deduplicationId, statusEventId } from './channel-event-ids';
export { messageIdForCommand } from './outbound-message-ids';
export { shardDisconnectedEvents, type ShardDown } from './shard-down-events';
export { SqsSendBatches, type SqsEntry } from './sqs-send-batches';
