import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('ttlCache', () => {
  it('shares one load between concurrent readers and reloads after the time to live', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = ttlCache<number>(5_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    vi.setSystemTime(1_004_999);
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(1_005_000);
    expect(await cache.get('k', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps keys apart, forgets one key or all, and never keeps a failed load', async () => {
    const cache = ttlCache<string>(60_000);
    expect(await cache.get('a', async () => 'a1')).toBe('a1');
    expect(await cache.get('b', async () => 'b1')).toBe('b1');
    cache.forget('a');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    cache.forget();
    expect(await cache.get('b', async () => 'b3')).toBe('b3');

    await expect(cache.get('c', () => Promise.reject(new Error('read failed')))).rejects.toThrow('read failed');
    expect(await cache.get('c', async () => 'c2')).toBe('c2');
  });

  it('stays bounded: a full cache starts over instead of growing', async () => {
    const cache = ttlCache<number>(60_000, 2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3); // clears a and b
    expect(await cache.get('a', async () => 10)).toBe(10);
  });
});
