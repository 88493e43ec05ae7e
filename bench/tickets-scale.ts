/**
 * Does the ticket workspace cost the same at 1,000 and at 100,000 tickets? Fills company S with
 * 1,000 tickets and company L up to 100,000 (10 messages each, bench/support/ticket-generator.ts),
 * then drives each route with 10 concurrent connections through the local API Gateway and prints
 * p50/p99 and requests/s per company, and p99(L) ÷ p99(S) (goal ≤ 1.25). L is measured at each
 * checkpoint it reaches (10k, 30k, 100k) within `fillMinutes`, so a slow machine still gets a curve.
 * Run: npx tsx bench/tickets-scale.ts [largeCount=100000] [secondsPerRoute=8] [fillMinutes=60]
 */
import { ulid } from 'ulid';
import { putQueue } from '../functions/src/data/queues';
import { createCompany } from '../functions/src/domain/companies/companies';
import { findPlanByName } from '../functions/src/domain/plans/plans';
import { DEFAULT_PLAN } from '../functions/src/domain/platform/seed';
import { addUser } from '../functions/src/domain/users/create-user';
import { startLocalStack } from '../infra/local/stack';
import { signIn, type ConsoleClient } from './support/console-client';
import { printTable, round, summarize } from './support/stats';
import { generateTickets, type GeneratedCompany } from './support/ticket-generator';

const largeCount = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 8);
const fillMinutes = Number(process.argv[4] ?? 60);
const CONNECTIONS = 10;

const stack = await startLocalStack({ web: 'none', sessionHost: false, scheduler: false });
try {
  const fillEnds = Date.now() + fillMinutes * 60_000;
  const small = await makeCompany('S', 1_000);
  const smallRows = await measure('S 1k', small);
  printTable(smallRows);
  const large = await makeCompany('L', 0);
  const checkpoints = [10_000, 30_000, largeCount].filter((n, i, all) => n <= largeCount && all.indexOf(n) === i);
  let largeRows: Record<string, string | number>[] = [];
  let reached = 0;
  for (const target of checkpoints) {
    if (Date.now() > fillEnds) break;
    reached = await fillTo(large, reached, target, fillEnds);
    largeRows = await measure(`L ${Math.round(reached / 1000)}k`, large);
    printTable(largeRows);
    if (reached < target) break;
  }
  const smallAgain = await measure('S 1k again', small);

  console.log(
    `\nTicket workspace at scale: 10 concurrent connections, ${seconds} s per route, local platform (2 cores, shared)\n`,
  );
  printTable([...smallRows, ...largeRows, ...smallAgain]);
  console.log(`\np99 ratio L (${reached.toLocaleString('en')} tickets) ÷ S (1,000) per route (goal ≤ 1.25):\n`);
  printTable(
    smallRows.map((s, i) => {
      const l = largeRows[i]!;
      const again = smallAgain[i]!;
      const ratio = Number(l['p99 ms']) / Number(s['p99 ms']);
      return {
        route: String(s.name).replace(/^S 1k /, ''),
        'p99 S ms': s['p99 ms']!,
        'p99 L ms': l['p99 ms']!,
        'p99 S again ms': again['p99 ms']!,
        ratio: round(ratio, 2),
        goal: ratio <= 1.25 ? 'ok' : 'OVER',
      };
    }),
  );
} finally {
  await stack.stop();
}

interface BenchCompany {
  label: string;
  admin: ConsoleClient;
  email: string;
  sample: string[];
  target: GeneratedCompany;
}

/** Adds tickets to L until `target` (or the fill deadline); returns how many L has. */
async function fillTo(c: BenchCompany, from: number, target: number, deadline: number): Promise<number> {
  let have = from;
  const t0 = performance.now();
  while (have < target && Date.now() < deadline) {
    const step = Math.min(5_000, target - have);
    const { sampleTicketIds } = await generateTickets(c.target, step, undefined, have);
    c.sample.push(...sampleTicketIds);
    have += step;
    const s = (performance.now() - t0) / 1000;
    console.log(`  ${c.label}: ${have.toLocaleString('en')} tickets (${round((have - from) / s)} tickets/s)`);
  }
  return have;
}

async function makeCompany(label: string, count: number): Promise<BenchCompany> {
  const plan = (await findPlanByName(DEFAULT_PLAN.name))!;
  const company = await createCompany({
    name: `Bench ${label} ${ulid().slice(-6)}`,
    email: `bench-${label.toLowerCase()}@bench.local`,
    planId: plan.id,
    dueDate: null,
    status: true,
  });
  const now = new Date().toISOString();
  const queueIds = ['Suporte', 'Vendas', 'Financeiro'].map(() => ulid());
  for (const [i, id] of queueIds.entries()) {
    await putQueue({
      id,
      companyId: company.id,
      name: `Fila ${i + 1}`,
      color: `#00000${i}`,
      greetingMessage: '',
      outOfHoursMessage: '',
      orderQueue: i + 1,
      createdAt: now,
      updatedAt: now,
    });
  }
  const email = `admin-${label.toLowerCase()}-${ulid().slice(-6).toLowerCase()}@bench.local`;
  const adminUser = await addUser(company.id, {
    name: `Admin ${label}`,
    email,
    password: 'bench-password',
    profile: 'admin',
    status: true,
    super: false,
    queueIds,
  });
  const userIds = [adminUser.id];
  for (let u = 0; u < 4; u++) {
    userIds.push(
      (
        await addUser(company.id, {
          name: `Operador ${label}${u}`,
          email: `op${u}-${email}`,
          password: 'bench-password',
          profile: 'user',
          status: true,
          super: false,
          queueIds,
        })
      ).id,
    );
  }
  const admin = await signIn(stack.apiUrl, stack.wsUrl, email, 'bench-password');
  const connection = await admin.api<{ id: string }>('POST', '/whatsapp', { name: `Bench ${label}` });
  const target: GeneratedCompany = {
    companyId: company.id,
    connectionId: connection.id,
    channel: 'whatsapp',
    queueIds,
    userIds,
  };
  const t0 = performance.now();
  let lastPrint = 0;
  const { sampleTicketIds } = await generateTickets(target, count, (done, total) => {
    if (performance.now() - lastPrint > 10_000 || done === total) {
      lastPrint = performance.now();
      const s = (performance.now() - t0) / 1000;
      console.log(
        `  ${label}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} tickets written (${round(s)} s, ${round(done / s)} tickets/s)`,
      );
    }
  });
  return { label, admin, email, sample: sampleTicketIds, target };
}

async function measure(label: string, c: BenchCompany): Promise<Record<string, string | number>[]> {
  // Access tokens live 15 minutes and the fill takes longer: sign in again before every measurement.
  c.admin = await signIn(stack.apiUrl, stack.wsUrl, c.email, 'bench-password');
  let i = 0;
  const routes: [string, () => string][] = [
    ['GET /tickets open (showAll)', () => '/tickets?status=open&showAll=true'],
    ['GET /tickets pending', () => '/tickets?status=pending'],
    [
      'GET /tickets search text',
      () => `/tickets?searchParam=${encodeURIComponent(['boleto', 'entrega', 'rastreio', 'frete'][i++ % 4]!)}`,
    ],
    ['GET /messages/{ticketId}', () => `/messages/${c.sample[i++ % c.sample.length]}`],
    [
      'GET /contacts?searchParam',
      () => `/contacts?searchParam=${encodeURIComponent(['silva', 'souza', 'mariana', 'pedro'][i++ % 4]!)}`,
    ],
  ];
  const rows = [];
  for (const [name, path] of routes) rows.push(await load(`${label} ${name}`, c.admin, path));
  return rows;
}

/** CONNECTIONS workers, each sending its next request when the last answered; 1 s warm-up not counted. */
async function load(name: string, client: ConsoleClient, path: () => string): Promise<Record<string, string | number>> {
  const latencies: number[] = [];
  let errors = 0;
  const warmupEnds = performance.now() + 1000;
  const ends = warmupEnds + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < ends) {
        const t = performance.now();
        try {
          await client.api('GET', path());
        } catch {
          errors++;
        }
        if (t >= warmupEnds) latencies.push(performance.now() - t);
      }
    }),
  );
  const { name: _n, ...stats } = summarize(name, latencies);
  return { name, ...stats, 'req/s': round(latencies.length / seconds), errors };
}
