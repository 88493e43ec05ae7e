/**
 * Inbound pipeline throughput and latency on the local platform:
 * simulated customer message → session host → inbound FIFO queue → inbound worker (stored,
 * deduplicated) → realtime event on the console's WebSocket. Latency is measured per message from
 * the simulator's send call to the `appMessage` event carrying that body.
 * Run: npx tsx bench/inbound-pipeline.ts [messages] [concurrency]
 */
import { startLocalStack } from '../infra/local/stack';
import { signIn, until } from './support/console-client';
import { printTable, round, summarize } from './support/stats';

const total = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 10);

const stack = await startLocalStack({ web: 'none', sessionHost: true });
try {
  await stack.sessionHost!.waitHealthy();
  const admin = stack.seeded.logins.find((l) => l.role === 'admin')!;
  const client = await signIn(stack.apiUrl, stack.wsUrl, admin.email, admin.password);
  const socket = await client.socket();
  const sim = `${stack.url}/simulator-api`;
  const simCall = async <T>(method: string, path: string, body?: unknown) => {
    const r = await fetch(`${sim}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    if (r.status >= 400) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
    return (await r.json()) as T;
  };

  const connection = await client.api<{ id: string }>('POST', '/whatsapp', { name: `Bench ${Date.now()}` });
  await until(async () => {
    const { connection: c } = await simCall<{ connection: { status: string } }>('GET', `/connections/${connection.id}`);
    return c.status === 'qrcode' ? c : undefined;
  }, 30_000, 'QR');
  await simCall('POST', `/connections/${connection.id}/scan`, {});
  await until(async () => {
    const c = await client.api<{ status: string }>('GET', `/whatsapp/${connection.id}`);
    return c.status === 'CONNECTED' ? c : undefined;
  }, 30_000, 'CONNECTED');
  const numbers = Array.from({ length: concurrency }, (_, i) => `55119${String(70000000 + i).padStart(8, '0')}`);
  for (const [i, number] of numbers.entries()) {
    await simCall('POST', `/connections/${connection.id}/contacts`, { name: `Cliente ${i}`, number });
  }

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let resolveAll!: () => void;
  const allArrived = new Promise<void>((r) => { resolveAll = r; });
  socket.onEnvelope((envelope) => {
    if (!envelope.channel.endsWith('-appMessage') || envelope.data.action !== 'create') return;
    const body = (envelope.data.message as { body?: string } | undefined)?.body ?? '';
    const started = sentAt.get(body);
    if (started === undefined) return;
    sentAt.delete(body);
    latencies.push(performance.now() - started);
    if (latencies.length === total) resolveAll();
  });

  const t0 = performance.now();
  let next = 0;
  await Promise.all(numbers.map(async (number) => {
    while (next < total) {
      const body = `bench message ${next++}`;
      sentAt.set(body, performance.now());
      await simCall('POST', `/connections/${connection.id}/contacts/${number}/messages`, { text: body });
    }
  }));
  await Promise.race([allArrived, new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${latencies.length}/${total} events arrived`)), 120_000))]);
  const seconds = (performance.now() - t0) / 1000;

  const stored = await client.api<{ messages: unknown[] }>('GET', `/whatsapp/${connection.id}/messages?limit=1`);
  console.log(`\nInbound pipeline: ${total} messages from ${concurrency} simulated customers (local platform, 2 cores)\n`);
  printTable([{ ...summarize('simulator send → socket event', latencies), 'msgs/s': round(total / seconds) }]);
  console.log(`\nstored messages readable through GET /whatsapp/{id}/messages: ${stored.messages.length > 0 ? 'yes' : 'NO'}`);
  socket.close();
} finally {
  await stack.stop();
}
