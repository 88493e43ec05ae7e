import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleViewer } from '../src/simulator/console-guard';
import { CONSOLE_TOKEN_SECRET, consoleToken } from './support/console-token';

const request = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as IncomingMessage;

afterEach(() => vi.useRealTimers());

describe('consoleViewer', () => {
  it('remembers a verified token only until it expires', async () => {
    const token = await consoleToken('co-1', CONSOLE_TOKEN_SECRET, '2s');
    expect(await consoleViewer(request(token), CONSOLE_TOKEN_SECRET)).toEqual({ userId: 'u-1', companyId: 'co-1' });
    expect(await consoleViewer(request(token), CONSOLE_TOKEN_SECRET)).toEqual({ userId: 'u-1', companyId: 'co-1' });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_000 });
    await expect(consoleViewer(request(token), CONSOLE_TOKEN_SECRET)).rejects.toMatchObject({ status: 401 });
  });

  it('lets admins and super users drive the simulator, and refuses operators (issue 30 item 14)', async () => {
    const as = async (prf: string, sup: boolean) =>
      consoleViewer(request(await consoleToken('co-3', CONSOLE_TOKEN_SECRET, '10m', { prf, sup })), CONSOLE_TOKEN_SECRET);
    await expect(as('user', false)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(as('supervisor', false)).rejects.toMatchObject({ status: 403 });
    await expect(as('ADMIN', false)).resolves.toEqual({ userId: 'u-1', companyId: 'co-3' });
    await expect(as('user', true)).resolves.toEqual({ userId: 'u-1', companyId: 'co-3' });
  });

  it('never lets a token verified under one secret through under another', async () => {
    const token = await consoleToken('co-2');
    await consoleViewer(request(token), CONSOLE_TOKEN_SECRET);
    await expect(consoleViewer(request(token), 'another-secret-another-secret-0000')).rejects.toMatchObject({ status: 401 });
    await expect(consoleViewer(request(`${token}x`), CONSOLE_TOKEN_SECRET)).rejects.toMatchObject({ status: 401 });
  });
});
