/** Issue 27 item 4: the external send API's number rule (spec part 3 §5 "Messages API tester"). */
import { describe, expect, it } from 'vitest';
import * as z from '../src/zod';
import { EXTERNAL_API_MSG, externalSendSchema, externalSendTesterSchema, normalisePhoneNumber } from '../src';

describe('normalisePhoneNumber', () => {
  it('reads country code + area code + number, digits only (a leading + tolerated), as E.164', () => {
    expect(normalisePhoneNumber('5511987654321')).toBe('+5511987654321');
    expect(normalisePhoneNumber(' +5511987654321 ')).toBe('+5511987654321');
    expect(normalisePhoneNumber('14155552671')).toBe('+14155552671');
  });

  it('refuses masks, letters, too short or long numbers and numbers no country has', () => {
    for (const raw of [
      '(11) 98765-4321',
      '55 11 98765-4321',
      '5511abc654321',
      '123',
      '1234567890123456',
      '+999123456789',
      '',
    ])
      expect(normalisePhoneNumber(raw), raw).toBeUndefined();
  });
});

describe('external send schemas', () => {
  it('require number and body; an invalid number carries its message key', () => {
    expect(z.safeParse(externalSendSchema, { number: '5511987654321', body: 'Oi' }).success).toBe(true);
    const bad = z.safeParse(externalSendSchema, { number: '123', body: 'Oi' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(EXTERNAL_API_MSG.invalidNumber);
    expect(z.safeParse(externalSendSchema, { number: '5511987654321', body: '  ' }).success).toBe(false);
    expect(z.safeParse(externalSendTesterSchema, { number: '5511987654321', body: 'Oi', token: '' }).success).toBe(false);
  });
});
