/**
 * Queue names and the environment variables holding their URLs: what the session host and the
 * manifest must agree on. A module of its own so that the host's bundle never reaches the manifest
 * (its route table would then be in the session-host image, and a new HTTP route would restart every
 * WhatsApp session on deploy); the manifest re-exports these.
 */
export const sessionShardCount = (): number => Math.max(1, Number(process.env.SESSION_SHARDS ?? 1) || 1);
export const outboundQueueName = (shard: number) => `outbound-${shard}`;
export const queueUrlEnv = (name: string) => `QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`;

/**
 * Command lanes of the session-host fleet (docs/deploy.md "Lanes"): `SESSION_LANES` outbound queues
 * (`outbound-0…L−1`), each read by the hosts of one lane only. A connection's lane is a hash of its
 * id, so the Lambdas and the hosts agree on it without reading anything.
 */
export const MAX_SESSION_LANES = 32;
export const sessionLaneCount = (): number =>
  Math.min(MAX_SESSION_LANES, Math.max(1, Math.floor(Number(process.env.SESSION_LANES ?? 1)) || 1));

/** FNV-1a (32 bits) of the connection id, modulo the lane count: stable, spread, no dependency. */
export function laneOf(connectionId: string, lanes: number): number {
  if (lanes <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < connectionId.length; i++) {
    hash ^= connectionId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % lanes;
}
