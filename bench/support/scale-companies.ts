/**
 * The companies the scale benches compare (bench/tickets-scale.ts, bench/dashboard-scale.ts): one
 * with S tickets and one filled up to L, each with three queues, an admin and four operators, a
 * connection, and tickets written by the generator (ticket-generator.ts). Remembered between runs
 * with `--data-dir` (the fill is the slow part).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from '@atende/shared/ids';
import { putQueue } from '../../functions/src/data/queues';
import { createCompany } from '../../functions/src/domain/companies/companies';
import { findPlanByName } from '../../functions/src/domain/plans/plans';
import { DEFAULT_PLAN } from '../../functions/src/domain/platform/seed';
import { addUser } from '../../functions/src/domain/users/create-user';
import { signIn } from './console-client';
import { round } from './stats';
import { generateTickets, type GeneratedCompany } from './ticket-generator';

export const BENCH_PASSWORD = 'bench-password';

/** What a bench remembers about a company between runs (`--data-dir`). */
export interface CompanyState {
  label: string;
  email: string;
  target: GeneratedCompany;
  sample: string[];
  count: number;
}
export interface BenchState {
  small?: CompanyState;
  large?: CompanyState;
}

/** The state file of a data directory (none without one): read now, `save()` after each step. */
export function benchState(dataDir: string | undefined, name = 'bench-state.json') {
  const file = dataDir && join(dataDir, name);
  const state: BenchState = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchState) : {};
  return { state, save: () => file && writeFileSync(file, JSON.stringify(state)) };
}

export async function makeCompany(
  stack: { apiUrl: string; wsUrl: string },
  label: string,
  count: number,
): Promise<CompanyState> {
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
  const user = (name: string, userEmail: string, profile: 'admin' | 'user') =>
    addUser(company.id, { name, email: userEmail, password: BENCH_PASSWORD, profile, status: true, super: false, queueIds });
  const userIds = [(await user(`Admin ${label}`, email, 'admin')).id];
  for (let u = 0; u < 4; u++) userIds.push((await user(`Operador ${label}${u}`, `op${u}-${email}`, 'user')).id);
  const admin = await signIn(stack.apiUrl, stack.wsUrl, email, BENCH_PASSWORD);
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
      console.log(`  ${label}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} tickets written (${round(s)} s)`);
    }
  });
  return { label, email, target, sample: sampleTicketIds, count };
}

/** Adds tickets to a company until `target` (or the deadline), calling `saved` after every step. */
export async function fillTo(c: CompanyState, target: number, deadline: number, saved: () => void): Promise<void> {
  const from = c.count;
  const t0 = performance.now();
  while (c.count < target && Date.now() < deadline) {
    const step = Math.min(5_000, target - c.count);
    const { sampleTicketIds } = await generateTickets(c.target, step, undefined, c.count);
    c.sample.push(...sampleTicketIds);
    c.count += step;
    saved();
    const s = (performance.now() - t0) / 1000;
    console.log(`  ${c.label}: ${c.count.toLocaleString('en')} tickets (${round((c.count - from) / s)} tickets/s)`);
  }
}
