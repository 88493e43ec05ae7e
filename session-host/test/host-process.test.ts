/**
 * The "must show", on a real process (`tsx src/main.ts`) with the simulator adapter:
 * kill the host → the connection is reported disconnected; start it again → it reconnects without
 * a new QR, and a message queued while it was down is delivered exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChannelEvent } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/emulators/free-port';
import { silentLogger } from '../src/logger';
import { publishShardDisconnected } from '../src/registry/shard-down';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { CONSOLE_TOKEN_SECRET, consoleToken } from './support/console-token';

const here = dirname(fileURLToPath(import.meta.url));
const CUSTOMER = '5511988887777';

describe('session host process', () => {
  let env: TestEnvironment;
  let child: ChildProcess | undefined;
  let port = 0;
  const ids = { companyId: 'co-process', connectionId: 'cn-process' };
  const inbound: ChannelEvent[] = [];

  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    env.destroy();
  });

  async function launch(): Promise<void> {
    port = await freePort();
    const { config } = env;
    child = spawn(process.execPath, ['--import', 'tsx', resolve(here, '../src/main.ts')], {
      cwd: resolve(here, '..'),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        SHARD: '0',
        SESSION_SHARDS: '1',
        ADAPTER: 'simulator',
        LOCAL_MODE: 'true',
        STAGE: 'local',
        LOG_LEVEL: 'warn',
        AWS_REGION: 'us-east-1',
        TABLE_NAME: config.tableName,
        DYNAMODB_ENDPOINT: config.dynamoDbEndpoint,
        SQS_ENDPOINT: config.sqsEndpoint,
        S3_ENDPOINT: config.s3Endpoint,
        MEDIA_BUCKET: config.mediaBucket,
        QUEUE_URL_OUTBOUND_0: config.outboundQueueUrl,
        QUEUE_URL_INBOUND: config.inboundQueueUrl,
        SIMULATOR_PORT: String(port),
        JWT_SECRET: CONSOLE_TOKEN_SECRET,
        RECONNECT_INITIAL_MS: '100',
        OUTBOUND_VISIBILITY_SECONDS: '6',
      },
    });
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, 30_000, 'session host up');
  }

  const api = async (path: string, init?: { method?: string; body?: unknown }) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: init?.method ?? 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await consoleToken(ids.companyId)}` },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const connection = async () =>
    (await api(`/connections/${ids.connectionId}`)).body.connection as { status: string; qr: string | null };
  const collect = async () => {
    inbound.push(...(await env.drainInbound()));
    return inbound;
  };
  const exited = (proc: ChildProcess) =>
    new Promise<void>((r) => (proc.exitCode !== null ? r() : proc.once('exit', () => r())));

  it('pairs a simulated phone through the queue and the control API', async () => {
    await launch();
    await env.sendCommand(command('session.start', ids, { adapter: 'simulator' }));
    await eventually(async () => (await connection().catch(() => undefined))?.status === 'qrcode', 15_000, 'QR');
    expect((await api(`/connections/${ids.connectionId}/scan`, { method: 'POST', body: {} })).status).toBe(200);
    await eventually(async () => (await connection()).status === 'CONNECTED', 15_000, 'connected');
    expect(
      (await api(`/connections/${ids.connectionId}/contacts`, { method: 'POST', body: { name: 'Maria', number: CUSTOMER } }))
        .status,
    ).toBe(201);
    await eventually(
      async () => (await collect()).some((e) => e.type === 'connection.status' && e.status === 'CONNECTED'),
      10_000,
      'CONNECTED published',
    );
  });

  it('SIGKILL: nothing is published by the dead host; the watcher reports the shard down', async () => {
    const victim = child!;
    victim.kill('SIGKILL');
    await exited(victim);
    const before = inbound.length;
    await collect();
    expect(inbound.slice(before).filter((e) => e.type === 'connection.status')).toEqual([]);

    // What the local runner / ECS watcher does when the process dies.
    const reported = await publishShardDisconnected({
      ddb: env.clients.ddb,
      sqs: env.clients.sqs,
      tableName: env.config.tableName,
      inboundQueueUrl: env.config.inboundQueueUrl,
      shard: 0,
      reason: 'session host exited',
      log: silentLogger(),
    });
    expect(reported).toBe(1);
    await eventually(
      async () =>
        (await collect()).at(-1)?.type === 'connection.status' &&
        (inbound.at(-1) as { status: string }).status === 'DISCONNECTED',
      5_000,
      'DISCONNECTED',
    );
  });

  it('restarts without a new QR and delivers the message queued while down exactly once', { timeout: 90_000 }, async () => {
    await env.sendCommand(
      command('message.send', ids, { to: CUSTOMER, clientMessageId: 'queued-while-down', text: 'mensagem da fila' }),
    );
    const mark = inbound.length;
    await launch();

    await eventually(async () => (await connection().catch(() => undefined))?.status === 'CONNECTED', 15_000, 'resumed');
    const conversation = await eventually(
      async () => {
        const { body } = await api(`/connections/${ids.connectionId}/contacts/${CUSTOMER}/messages`);
        return body.messages?.some((m: { text: string }) => m.text === 'mensagem da fila')
          ? (body.messages as { text: string; from: string }[])
          : undefined;
      },
      30_000,
      'message delivered',
    ); // up to one receive visibility (6 s here) if the killed host's last poll took it
    expect(conversation.filter((m) => m.text === 'mensagem da fila')).toHaveLength(1);

    await eventually(
      async () =>
        (await collect()).some((e) => e.type === 'message.sent' && e.message.clientMessageId === 'queued-while-down'),
      10_000,
      'message.sent published',
    );
    // After the host reported the send (it deletes the command only then), the phone still holds it once.
    const { body: stored } = await api(`/connections/${ids.connectionId}/contacts/${CUSTOMER}/messages`);
    expect((stored.messages as { text: string }[]).filter((m) => m.text === 'mensagem da fila')).toHaveLength(1);
    const after = inbound.slice(mark);
    expect(after.filter((e) => e.type === 'connection.qr')).toEqual([]);
    expect(after.filter((e) => e.type === 'connection.status').map((e) => (e as { status: string }).status)).toEqual([
      'OPENING',
      'CONNECTED',
    ]);
    expect(after.filter((e) => e.type === 'message.sent' && e.message.clientMessageId === 'queued-while-down')).toHaveLength(
      1,
    );
  });

  it('SIGTERM: the host reports its sessions DISCONNECTED before it exits', async () => {
    const mark = inbound.length;
    const proc = child!;
    proc.kill('SIGTERM');
    await exited(proc);
    expect(proc.exitCode).toBe(0);
    await collect();
    expect(inbound.slice(mark).filter((e) => e.type === 'connection.status')).toMatchObject([
      { status: 'DISCONNECTED', reason: 'session host stopping', connectionId: ids.connectionId },
    ]);
  });
});
