/**
 * A per-process read cache with a short time to live, for rarely-changing items the inbound path reads
 * for every message (the connection, the company's settings, queue names). A Lambda execution
 * environment handles one batch at a time, so the bound is simple: a change made elsewhere applies
 * within `ttlMs` (docs/decisions.md "Inbound throughput, round 2"). Concurrent readers of one key
 * share one load; a failed load is not kept.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Drops one key (a write made in this process) or everything (tests). */
  forget(key?: string): void;
}

export function ttlCache<V>(ttlMs: number, maxEntries = 1000): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.clear(); // a Lambda serves few tenants; never grows without bound
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    forget(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}
