/**
 * The harness's reading of an answer (support/console-user.ts): a call that got no answer at all — the
 * platform down, the connection dropped — is status 0, and is not a send the platform took. The
 * restart scenario found the harness counting it as one (`status < 300`), so every reply typed while
 * the platform was down was dropped by the harness and reported lost.
 */
import { describe, expect, it } from 'vitest';
import { succeeded } from './support/console-user';

describe('succeeded', () => {
  it('is a 2xx only', () => {
    expect([0, 199, 200, 201, 299, 300, 409, 504].map((status) => succeeded({ status, body: undefined }))).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
