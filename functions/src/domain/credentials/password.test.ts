import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('segredo1'), hashPassword('segredo1')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('segredo1');
    expect(await verifyPassword('segredo1', stored)).toBe(true);
    expect(await verifyPassword('segredo2', stored)).toBe(false);
    expect(await verifyPassword('segredo1', 'not-a-hash')).toBe(false);
    expect(await burnPasswordCheck('segredo1')).toBe(false);
  });
});
