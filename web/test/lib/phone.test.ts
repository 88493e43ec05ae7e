import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { phoneFormatReady, useFormatPhone } from '@/hooks/use-format-phone';
import { formatPhone } from '@/lib/phone';

describe('formatPhone: the contact number as people read it (spec part 1 §9)', () => {
  it.each([
    ['5511988887777', '+55 (11) 98888-7777'],
    ['5521999998888', '+55 (21) 99999-8888'],
    ['551133334444', '+55 (11) 3333-4444'],
    // WhatsApp keeps some Brazilian mobiles without the ninth digit.
    ['551188887777', '+55 (11) 8888-7777'],
    ['+55 11 98888-7777', '+55 (11) 98888-7777'],
  ])('Brazil: %s → %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it.each([
    ['14155552671', '+1 415 555 2671'],
    ['351912345678', '+351 912 345 678'],
    ['5491123456789', '+54 9 11 2345 6789'],
    ['34612345678', '+34 612 34 56 78'],
  ])('other countries in their international format: %s → %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it.each([
    ['120363025246125888', 'a group id'],
    ['11988887777', 'a number without its country code'],
    ['1234', 'too short'],
    ['maria@example.com', 'not a number'],
    ['', 'empty'],
  ])('leaves %s (%s) as it is', (stored) => {
    expect(formatPhone(stored)).toBe(stored);
  });

  it('answers an empty text for a missing number', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('useFormatPhone: the mask on a screen of the first load (issue 28)', () => {
  it('shows the number as stored until the metadata is in, then masks it the way formatPhone does', async () => {
    const { result } = renderHook(() => useFormatPhone());
    expect(result.current('5511988887777')).toBe('5511988887777');
    await waitFor(() => expect(result.current('5511988887777')).toBe('+55 (11) 98888-7777'));
    expect(result.current('351912345678')).toBe(formatPhone('351912345678'));
    await phoneFormatReady();
    // Mounted after the load: masked from the first render.
    expect(renderHook(() => useFormatPhone()).result.current('351912345678')).toBe('+351 912 345 678');
  });
});
