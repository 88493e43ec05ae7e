import { describe, expect, it } from 'vitest';
import { recentKeys } from './recent-keys';

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
