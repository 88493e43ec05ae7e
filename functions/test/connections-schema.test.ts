/** The shared connection form schema (the console's dialog uses it as is) and the token generator. */
import { describe, expect, it } from 'vitest';
import { CONNECTION_MSG, connectionFormSchema, generateApiToken, updateConnectionSchema } from '@atende/shared';

const issues = (input: unknown) => {
  const parsed = connectionFormSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('connection form schema', () => {
  it('requires a name with the spec message', () => {
    expect(issues({ name: '' })).toEqual({ name: CONNECTION_MSG.nameRequired });
    expect(issues({})).toEqual({ name: CONNECTION_MSG.nameRequired });
  });

  it('applies the transfer rules as field errors', () => {
    expect(issues({ name: 'A', timeToTransfer: 5 })).toEqual({ transferQueueId: CONNECTION_MSG.transferQueueRequired });
    expect(issues({ name: 'A', timeToTransfer: 5, queueIds: ['q1'], transferQueueId: 'q2' })).toEqual({
      transferQueueId: CONNECTION_MSG.transferQueueNotSelected,
    });
    expect(issues({ name: 'A', timeToTransfer: 5, queueIds: ['q1'], transferQueueId: 'q1' })).toEqual({});
  });

  it('clears queue and minutes when minutes are empty, 0 or null', () => {
    for (const timeToTransfer of ['', 0, null, undefined]) {
      const parsed = connectionFormSchema.parse({ name: 'A', queueIds: ['q1'], transferQueueId: 'q1', timeToTransfer });
      expect(parsed).toMatchObject({ timeToTransfer: null, transferQueueId: null });
    }
  });

  it('fills the defaults of a new connection', () => {
    expect(connectionFormSchema.parse({ name: 'A' })).toMatchObject({
      channel: 'whatsapp',
      isDefault: false,
      provider: 'beta',
      greetingMessage: '',
      queueIds: [],
    });
  });

  it('keeps the update schema a true partial (no defaults that would overwrite stored values)', () => {
    expect(updateConnectionSchema.parse({})).toEqual({});
  });
});

describe('generateApiToken', () => {
  it('gives 64 letters and digits, different every time', () => {
    const tokens = Array.from({ length: 50 }, () => generateApiToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(new Set(tokens).size).toBe(50);
    // Every class of character shows up across a few thousand draws.
    const all = tokens.join('');
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(all).toMatch(/[0-9]/);
  });
});
