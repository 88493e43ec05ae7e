import { describe, expect, it } from 'vitest';
import { toQueueBody } from './queue-body';

describe('toQueueBody', () => {
  it('escapes emoji and accents to ASCII and parses back to the same value', () => {
    const value = { text: 'Olá 😊 ação', nested: ['👍🏽'] };
    const body = toQueueBody(value);
    expect(body).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(body)).toEqual(value);
  });
});
