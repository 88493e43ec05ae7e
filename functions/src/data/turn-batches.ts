/**
 * Calls made in the same turn of the event loop, handed over together: `turnBatches(run)` returns a
 * function whose calls are collected until the next `setImmediate` and passed to `run` as one list;
 * each caller's promise settles with its own entry of `run`'s answer (an `Error` entry rejects only
 * that caller; `run` throwing rejects them all). Alone, a call waits for nothing but that turn; under
 * load, the records of a batch share one call. Used by `putTogether`, the transaction groups and
 * `SqsSendBatches`. The same grouping as DataLoader's, in 25 lines: that library would add ~5 KB
 * to every Lambda bundle, and the median bundle is held under its budget (docs/decisions.md).
 */
export function turnBatches<K, V>(run: (keys: readonly K[]) => Promise<(V | Error)[]>): (key: K) => Promise<V> {
  let waiting: { key: K; resolve: (value: V) => void; reject: (err: unknown) => void }[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const results = await run(batch.map((w) => w.key));
      batch.forEach((w, index) => {
        const result = results[index];
        if (result instanceof Error) w.reject(result);
        else w.resolve(result as V);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!waiting.length) setImmediate(() => void flush());
      waiting.push({ key, resolve, reject });
    });
}
