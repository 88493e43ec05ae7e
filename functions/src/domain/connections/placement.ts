/** Where a new connection's session runs: its shard (fixed for life) and its adapter. */
import { ADAPTER_KINDS, type AdapterKind } from '@atende/shared';
import { getShardLoads } from '../../data/connections';
import { sessionShardCount } from '../../shared-surface/queue-names';

/** The least-loaded shard; ties go to the lowest number. Loads are counters kept by create/delete. */
export async function pickShard(): Promise<number> {
  const shards = sessionShardCount();
  if (shards === 1) return 0;
  const loads = await getShardLoads(shards);
  return loads.indexOf(Math.min(...loads));
}

/** `SESSION_ADAPTER` wins; otherwise the simulator locally and Baileys in AWS. */
export function chooseAdapter(): AdapterKind {
  const wanted = process.env.SESSION_ADAPTER as AdapterKind | undefined;
  if (wanted && ADAPTER_KINDS.includes(wanted)) return wanted;
  return process.env.LOCAL_MODE === 'true' ? 'simulator' : 'baileys';
}
