import { describe, expect, it } from 'vitest';
import { prefixRange } from './search-index';
import { numberTokens } from './search-tokens';

/** DynamoDB orders string keys by their UTF-8 bytes. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const inRange = (sk: string, range: { from: string; to: string }) =>
  byteOrder(range.from, sk) <= 0 && byteOrder(sk, range.to) <= 0;

describe('prefixRange', () => {
  const owner = '01M8F5J7C4SCWSH1JNSWEBV9YK';

  it('holds every index key whose token starts with the term, and nothing else', () => {
    const term = '5511910000123';
    const keys = [
      ...numberTokens('5511910000123'), // the whole number, without 55, last 8 and 9 digits
      ...numberTokens('55119100001230'), // a longer number that starts with it
      ...numberTokens('5511910000124'), // the next number
      ...numberTokens('5511910000122'), // the previous one
      '551191000012', // a shorter token (the term's own prefix)
      '5511910000123zz', // letters sort after digits
    ].map((token) => `${token}#${owner}`);
    const found = keys.filter((sk) => inRange(sk, prefixRange(term)));
    expect(found.sort()).toEqual(keys.filter((sk) => sk.startsWith(term)).sort());
    expect(found.sort()).toEqual([`5511910000123#${owner}`, `55119100001230#${owner}`, `5511910000123zz#${owner}`]);
  });

  it('keeps a key after the prefix whatever characters follow, accents and emoji included', () => {
    const range = prefixRange('ana');
    for (const sk of ['ana#' + owner, 'anaz#x', 'ana\u00e9#x', 'ana\u{1F600}#x', 'ana\uffff'])
      expect(inRange(sk, range), sk).toBe(true);
    for (const sk of ['an#x', 'anb#x', 'anA#x', 'am\u{10ffff}', 'ao']) expect(inRange(sk, range), sk).toBe(false);
  });
});
