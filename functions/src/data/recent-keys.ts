/**
 * A bounded set of keys this process wrote recently, for skipping writes that would change nothing
 * (idempotent Puts of items nobody removes). Oldest keys go first once `maxKeys` is reached; a key
 * seen again moves to the back. Per process: another Lambda's set knows nothing of this one, which
 * only costs it the write.
 */
export interface RecentKeys {
  has(key: string): boolean;
  add(key: string): void;
  clear(): void;
}

export function recentKeys(maxKeys: number): RecentKeys {
  const keys = new Set<string>();
  return {
    has(key) {
      if (!keys.has(key)) return false;
      keys.delete(key);
      keys.add(key);
      return true;
    },
    add(key) {
      keys.delete(key);
      keys.add(key);
      if (keys.size > maxKeys) keys.delete(keys.values().next().value!);
    },
    clear() {
      keys.clear();
    },
  };
}

/**
 * A bounded map of what this process learnt recently (which contact a chat matched, which ticket it
 * is on): a hint that saves a read, checked against the table before it is trusted. Oldest entries go
 * first once `maxEntries` is reached; setting a key again moves it to the back.
 */
export interface RecentMap<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export function recentMap<V>(maxEntries: number): RecentMap<V> {
  const entries = new Map<string, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    delete: (key) => void entries.delete(key),
  };
}
