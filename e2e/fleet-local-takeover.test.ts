/**
 * Issue 29 on the local platform with `SESSION_HOSTS=2`: a connection runs on one of the two fleet
 * hosts under its lease; that host SIGKILLed (and kept down), the other host runs the connection within
 * seconds, without a QR, because the runner retires the dead host the moment its process ends (without
 * it the survivor would wait for the lease to run out: 15–20 s, plus up to a 5 s round).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionDto } from '@atende/shared';
import { getConnectionLease } from '../functions/src/data/connection-leases';
import { processTable } from '../functions/src/data/table-operations';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { signIn, until, type ConsoleClient } from '../bench/support/console-client';

/** Under the 15 s a dead host's lease still has at best, so only an immediate retirement meets it. */
const KILL_TO_TAKEN_OVER_MS = 14_000;

let stack: LocalStack;
let admin: ConsoleClient;

/** The simulator of host `index` (the gateway proxies `?shard=<index>`). */
const sim = async <T>(index: number, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${stack.url}/simulator-api${path}?shard=${index}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const status = async (id: string) => (await admin.api<ConnectionDto>('GET', `/whatsapp/${id}`)).status;
const owner = async (connectionId: string) =>
  (await getConnectionLease({ companyId: admin.companyId, connectionId }, processTable()))?.owner;
const indexOf = (hostId: string | undefined) =>
  [0, 1].find((i) => hostId !== undefined && stack.sessionHost!.hostId(i) === hostId);

describe('a local fleet of two session hosts', () => {
  beforeAll(async () => {
    stack = await startLocalStack({ web: 'none', sessionHost: true, env: { SESSION_HOSTS: '2' } });
    await stack.sessionHost!.waitHealthy();
    const login = stack.seeded.logins.find((l) => l.role === 'admin')!;
    admin = await signIn(stack.apiUrl, stack.wsUrl, login.email, login.password);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("runs a killed host's connection on the other host within seconds, without a QR", async () => {
    // Arrange: a connection paired on whichever host claimed it.
    const connection = await admin.api<ConnectionDto>('POST', '/whatsapp', { name: 'Loja Dois Hosts' });
    const first = await until(async () => indexOf(await owner(connection.id)), 30_000, 'a host claiming it');
    await until(
      async () =>
        (await sim<{ connection: { status: string } }>(first, 'GET', `/connections/${connection.id}`)).connection.status ===
        'qrcode'
          ? true
          : undefined,
      30_000,
      'QR',
    );
    await sim(first, 'POST', `/connections/${connection.id}/scan`, {});
    await until(async () => ((await status(connection.id)) === 'CONNECTED' ? true : undefined), 30_000, 'CONNECTED');

    // Act: SIGKILL its host and keep it down.
    const killedAt = Date.now();
    process.kill(stack.sessionHost!.pid(first)!, 'SIGKILL');
    await stack.sessionHost!.stop(first);
    const other = 1 - first;
    await until(
      async () => {
        if (indexOf(await owner(connection.id)) !== other) return undefined;
        const seen = await sim<{ connection: { status: string } }>(other, 'GET', `/connections/${connection.id}`);
        return seen.connection.status === 'CONNECTED' && (await status(connection.id)) === 'CONNECTED' ? true : undefined;
      },
      60_000,
      'CONNECTED on the other host',
    );
    const takenOverMs = Date.now() - killedAt;
    console.log(`SIGKILL of host ${first} of 2 → CONNECTED on host ${other} in ${takenOverMs} ms`);

    // Assert
    expect(takenOverMs).toBeLessThan(KILL_TO_TAKEN_OVER_MS);
    expect((await admin.api<ConnectionDto>('GET', `/whatsapp/${connection.id}`)).qrcode).toBe('');
  });
});
