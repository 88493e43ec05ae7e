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
