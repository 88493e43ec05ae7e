import { describe, expect, it } from 'vitest';
import * as z from '../zod';
import { pickerContactListSchema, remainingListCapacity, withinListCapacity } from './contact-lists';

describe('list capacity (spec part 3 §5: truncated to the remaining capacity, zero blocks)', () => {
  it('is the limit minus the count, never negative', () => {
    expect(remainingListCapacity(100, 0)).toBe(100);
    expect(remainingListCapacity(100, 97)).toBe(3);
    expect(remainingListCapacity(100, 100)).toBe(0);
    // a limit lowered below what a list already holds leaves no room, not negative room
    expect(remainingListCapacity(10, 25)).toBe(0);
  });

  it('keeps the first rows that fit and leaves the rest out', () => {
    expect(withinListCapacity([1, 2, 3, 4, 5], 3)).toEqual({ kept: [1, 2, 3], leftOut: [4, 5] });
    expect(withinListCapacity([1, 2], 5)).toEqual({ kept: [1, 2], leftOut: [] });
    expect(withinListCapacity([1, 2], 0)).toEqual({ kept: [], leftOut: [1, 2] });
    expect(withinListCapacity([1, 2], -4)).toEqual({ kept: [], leftOut: [1, 2] });
  });
});

describe('the picker’s new list (spec part 3 §5)', () => {
  it('needs 3 characters and is stored in upper case', () => {
    expect(z.parse(pickerContactListSchema, { name: '  clientes vip ' })).toEqual({ name: 'CLIENTES VIP' });
    const short = z.safeParse(pickerContactListSchema, { name: 'ab' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('validation.contactList.pickerNameTooShort');
  });
});
