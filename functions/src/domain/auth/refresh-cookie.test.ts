import { afterEach, describe, expect, it } from 'vitest';
import { clearedRefreshCookie, refreshCookie } from './refresh-cookie';

const saved = { ...process.env };
afterEach(() => {
  process.env.REFRESH_COOKIE_SAMESITE = saved.REFRESH_COOKIE_SAMESITE;
  process.env.REFRESH_COOKIE_SECURE = saved.REFRESH_COOKIE_SECURE;
  if (saved.REFRESH_COOKIE_SAMESITE === undefined) delete process.env.REFRESH_COOKIE_SAMESITE;
  if (saved.REFRESH_COOKIE_SECURE === undefined) delete process.env.REFRESH_COOKIE_SECURE;
});

describe('refresh cookie', () => {
  it('defaults to httpOnly, Path=/, SameSite=Lax, Secure, 7 days', () => {
    delete process.env.REFRESH_COOKIE_SAMESITE;
    delete process.env.REFRESH_COOKIE_SECURE;
    expect(refreshCookie('v')).toBe('jrt=v; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=604800');
  });

  it('drops Secure when REFRESH_COOKIE_SECURE=false (plain-http local runs), but never for SameSite=None', () => {
    process.env.REFRESH_COOKIE_SECURE = 'false';
    expect(refreshCookie('v')).not.toMatch(/Secure/);
    process.env.REFRESH_COOKIE_SAMESITE = 'None';
    expect(refreshCookie('v')).toMatch(/SameSite=None; Secure/);
  });

  it('clears with an empty value and Max-Age=0', () => {
    expect(clearedRefreshCookie()).toMatch(/^jrt=; Path=\/; HttpOnly; SameSite=\w+;.* Max-Age=0/);
  });
});
