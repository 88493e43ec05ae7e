/**
 * Queue names and the environment variables holding their URLs: what the session host and the
 * manifest must agree on. A module of its own so that the host's bundle never reaches the manifest
 * (its route table would then be in the session-host image, and a new HTTP route would restart every
 * WhatsApp session on deploy); the manifest re-exports these.
 */
export const sessionShardCount = (): number => Math.max(1, Number(process.env.SESSION_SHARDS ?? 1) || 1);
export const outboundQueueName = (shard: number) => `outbound-${shard}`;
export const queueUrlEnv = (name: string) => `QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
