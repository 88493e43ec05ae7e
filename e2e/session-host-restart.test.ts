/**
 * Issue 4's resilience must-show on the whole local platform (no browser): a connected
 * session host killed with SIGKILL is reported DISCONNECTED; a message queued for sending while
 * it is down is delivered exactly once when it comes back, and it resumes without a new QR.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ConnectionDto } from '@atende/shared';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { signIn, until, type ConsoleClient } from '../bench/support/console-client';

const CUSTOMER = { name: 'Cliente Paciente', number: '5511955554444' };

let stack: LocalStack;
let admin: ConsoleClient;

const sim = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${stack.url}/simulator-api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const connectionStatus = async (id: string) => (await admin.api<ConnectionDto>('GET', `/whatsapp/${id}`)).status;

describe('session host killed and restarted', () => {
  beforeAll(async () => {
    stack = await startLocalStack({ web: 'none', sessionHost: true });
    await stack.sessionHost!.waitHealthy();
    const login = stack.seeded.logins.find((l) => l.role === 'admin')!;
    admin = await signIn(stack.apiUrl, stack.wsUrl, login.email, login.password);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('reports DISCONNECTED, resumes without a QR and delivers a message queued meanwhile exactly once', async () => {
    // Arrange: a connected connection with one simulated customer.
    const connection = await admin.api<ConnectionDto>('POST', '/whatsapp', { name: 'Loja Resiliente' });
    await until(
      async () =>
        (await sim<{ connection: { status: string } }>('GET', `/connections/${connection.id}`)).connection.status ===
        'qrcode'
          ? true
          : undefined,
      30_000,
      'QR',
    );
    await sim('POST', `/connections/${connection.id}/scan`, {});
    await until(
      async () => ((await connectionStatus(connection.id)) === 'CONNECTED' ? true : undefined),
      30_000,
      'CONNECTED',
    );
    await sim('POST', `/connections/${connection.id}/contacts`, CUSTOMER);
    const qrEventsBefore = (await sim<{ connection: { qr: string | null } }>('GET', `/connections/${connection.id}`))
      .connection.qr;
    expect(qrEventsBefore).toBeNull();

    // Act 1: kill the host hard; the runner (like an ECS task-stopped rule) reports its sessions.
    const pid = stack.sessionHost!.pid(0)!;
    process.kill(pid, 'SIGKILL');
    await until(
      async () => ((await connectionStatus(connection.id)) === 'DISCONNECTED' ? true : undefined),
      15_000,
      'DISCONNECTED',
    );
    await stack.sessionHost!.stop(0); // keep it down (cancels the automatic restart)

    // Act 2: queue a send while the host is down (the command the ticket workspace will issue).
    const { sendOutboundCommand } = await import('../functions/src/platform/queues');
    const commandId = ulid();
    const command = {
      type: 'message.send' as const,
      commandId,
      companyId: admin.companyId,
      connectionId: connection.id,
      issuedAt: new Date().toISOString(),
      to: CUSTOMER.number,
      clientMessageId: ulid(),
      text: 'Seu pedido saiu para entrega 🚚',
    };
    await sendOutboundCommand(0, command);
    await sendOutboundCommand(0, { ...command }); // the same command again (a producer retry): one send

    // Act 3: bring the host back.
    await stack.sessionHost!.start(0);
    await stack.sessionHost!.waitHealthy();

    // Assert: it resumes without a new QR …
    await until(
      async () => ((await connectionStatus(connection.id)) === 'CONNECTED' ? true : undefined),
      30_000,
      'CONNECTED again',
    );
    const after = await admin.api<ConnectionDto>('GET', `/whatsapp/${connection.id}`);
    expect(after.qrcode).toBe('');
    // (reaching CONNECTED without another scan is itself the proof that no new QR was needed)
    // … and the customer's phone shows the queued message exactly once.
    const conversation = await until(
      async () => {
        const c = await sim<{ messages: { from: string; text: string }[] }>(
          'GET',
          `/connections/${connection.id}/contacts/${CUSTOMER.number}/messages`,
        );
        return c.messages.some((m) => m.from === 'business') ? c : undefined;
      },
      30_000,
      'the queued message',
    );
    await new Promise((r) => setTimeout(r, 3000)); // give a duplicate the chance to show up
    const final = await sim<{ messages: { from: string; text: string }[] }>(
      'GET',
      `/connections/${connection.id}/contacts/${CUSTOMER.number}/messages`,
    );
    expect(conversation.messages.filter((m) => m.from === 'business')).toHaveLength(1);
    expect(final.messages.filter((m) => m.text === command.text)).toHaveLength(1);
  });
});
