import { describe, expect, it } from 'vitest';
import { initials } from '@/lib/initials';

describe('avatar initials', () => {
  it('takes whole graphemes: emoji, flags and combining marks are never cut', () => {
    expect(initials('Olá 😀')).toBe('O😀');
    expect(initials('👩‍💻 Ana')).toBe('👩‍💻A');
    expect(initials('🇧🇷 Brasil')).toBe('🇧🇷B');
    expect(initials('e\u0301lio souza')).toBe('E\u0301S');
  });

  it('uses the first and last words, upper-cased, and copes with blanks', () => {
    expect(initials('  maria da silva ')).toBe('MS');
    expect(initials('Ana')).toBe('A');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});
