/**
 * The process's memory after garbage collection has settled, for the memory benches
 * (session-host-memory.ts, baileys-socket-memory.ts): GC a few times with a pause between, then read
 * process.memoryUsage(). Exposes `gc` in this process on import (no `--expose-gc` flag needed).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

export interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export async function settledMemory(rounds = 4): Promise<MemorySample> {
  for (let i = 0; i < rounds; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}
