import { decodeTime, isValid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { monotonicUlid, ulid } from '../src/ids';

describe('pooled ULIDs', () => {
  it('are valid ULIDs carrying the time they were made at', () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0);
    const id = ulid(at);
    expect(isValid(id)).toBe(true);
    expect(decodeTime(id)).toBe(at);
    expect(Math.abs(decodeTime(ulid()) - Date.now())).toBeLessThan(1_000);
  });

  it('stay unique across many refills of the pool, even within one millisecond', () => {
    const at = Date.now();
    const ids = Array.from({ length: 20_000 }, () => ulid(at)); // 16 bytes each: ~78 refills of 4 KB
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spread their random part over the whole alphabet', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4_000; i++) for (const c of ulid().slice(10)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    const expected = (4_000 * 16) / 32;
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.15);
  });
});

describe('monotonic ULIDs', () => {
  it('each sorts after the one made before it, thousands within the same milliseconds', () => {
    const ids = Array.from({ length: 5_000 }, () => monotonicUlid());
    expect(ids.every(isValid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(Math.abs(decodeTime(ids.at(-1)!) - Date.now())).toBeLessThan(1_000);
  });
});
