/** Issue 11 item 14: libsignal's session dumps (private keys included) never reach the logs. */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterLibsignalOutput } from '../src/console-filter';

const require = createRequire(import.meta.url);
const { SessionRecord } = require('libsignal') as {
  SessionRecord: new () => { closeSession(s: unknown): void; openSession(s: unknown): void };
};

describe('libsignal console output', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the line but withholds the session record libsignal prints', () => {
    const printed: unknown[][] = [];
    const fakeConsole = {
      info: (...a: unknown[]) => printed.push(a),
      warn: (...a: unknown[]) => printed.push(a),
      log: (...a: unknown[]) => printed.push(a),
      error: (...a: unknown[]) => printed.push(a),
    };
    filterLibsignalOutput(fakeConsole);
    vi.spyOn(console, 'info').mockImplementation(fakeConsole.info);
    vi.spyOn(console, 'warn').mockImplementation(fakeConsole.warn);
    const secret = Buffer.from('private-ratchet-key');
    const session = {
      indexInfo: { closed: -1, baseKey: Buffer.from('b') },
      currentRatchet: { ephemeralKeyPair: { privKey: secret } },
    };

    new SessionRecord().closeSession(session);
    new SessionRecord().openSession(session);
    fakeConsole.info('something else', { keep: true });

    const text = JSON.stringify(printed);
    expect(text).not.toContain(secret.toString('hex'));
    expect(text).not.toContain('privKey');
    expect(printed).toContainEqual(['Closing session (libsignal session details withheld)']);
    expect(printed).toContainEqual(['something else', { keep: true }]);
  });
});
