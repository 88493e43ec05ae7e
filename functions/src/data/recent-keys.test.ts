import { describe, expect, it } from 'vitest';
import { recentKeys, recentMap } from './recent-keys';

describe('recentKeys', () => {
  it('remembers keys up to its bound, dropping the least recently seen first', () => {
    const keys = recentKeys(2);
    keys.add('a');
    keys.add('b');
    expect(keys.has('a')).toBe(true); // 'a' is now the most recent
    keys.add('c'); // drops 'b'
    expect([keys.has('a'), keys.has('b'), keys.has('c')]).toEqual([true, false, true]);
    keys.clear();
    expect(keys.has('a')).toBe(false);
  });
});

describe('recentMap', () => {
  it('keeps values up to its bound, dropping the oldest set first; setting again makes a key the newest', () => {
    const map = recentMap<number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3); // 'a' is now the newest
    map.set('c', 4); // drops 'b'
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([3, undefined, 4]);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
  });
});
