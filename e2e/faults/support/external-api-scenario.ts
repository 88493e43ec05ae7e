/**
 * The external send API under the scenario's faults: an integrator's system sends each customer a few
 * messages with a connection's bearer token, each with its own `Idempotency-Key`. The first attempt goes
 * through the gateway fault proxy, which answers 504 after the send ran (API Gateway's 29 s); the system
 * retries with the same key, as the API documentation asks, until it gets an answer. Judged on the
 * phones (each message exactly once, on its customer's phone only) and on the operator's side (one
 * ticket and one contact per customer).
 */
import { randomBytes } from 'node:crypto';
import { API_TOKEN_LENGTH } from '@atende/shared';
import { enableExternalApi } from '../../support/company-options';
import { externalSend, type ExternalAnswer } from '../../support/external-api-calls';
import { connectedConnection, simulatorApi, type FaultPlatform } from './fault-platform';
import { consoleUser, RETRYABLE } from './console-user';
import { contactsOf, phonesOf, ticketsOf, untilOnPhones } from './outside-view';
import { injectedSince, settle, takeBaseline } from './fault-accounting';
import type { ScenarioReport, ScenarioSpec } from './scenario';
import { judge, tokenOf, type Sent } from './verdict';

interface ApiConnection {
  connectionId: string;
  token: string;
}

const connections = new WeakMap<FaultPlatform, ApiConnection>();

/** The API switched on for the admin's company and a connection of its own with a token, once per platform. */
async function apiConnection(platform: FaultPlatform): Promise<ApiConnection> {
  const made = connections.get(platform);
  if (made) return made;
  const { stack } = platform;
  await enableExternalApi(stack, platform.admin.companyId);
  // Signed in again after the switch: the session carries useApi, which a connection's token needs.
  const login = stack.seeded.logins.find((l) => l.role === 'admin')!;
  const admin = await consoleUser(stack.apiUrl, stack.wsUrl, login.email, login.password!);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const token = [...randomBytes(API_TOKEN_LENGTH)].map((byte) => alphabet[byte % alphabet.length]).join('');
  const connectionId = await connectedConnection(admin, simulatorApi(stack.url, admin.token), {
    name: 'Loja Integrada',
    isDefault: false,
    token,
  });
  connections.set(platform, { connectionId, token });
  return { connectionId, token };
}

/** One send as an integrator makes it: through the faulty gateway first, then retried with the same key. */
async function sendLikeAnIntegrator(
  platform: FaultPlatform,
  token: string,
  call: { number: string; body: string; idempotencyKey: string },
): Promise<ExternalAnswer> {
  const attempt = (apiUrl: string) =>
    externalSend({ apiUrl }, token, call).catch((): ExternalAnswer => ({ status: 0, body: {}, replayed: false }));
  let answer = await attempt(platform.faultyApiUrl);
  for (let n = 1; n <= 6 && RETRYABLE(answer.status); n++) {
    // Over the token's rate limit: wait as `Retry-After` says (the API documentation's advice).
    const waitMs = answer.status === 429 && answer.retryAfter ? answer.retryAfter * 1000 : 200 * n;
    await new Promise((r) => setTimeout(r, waitMs));
    answer = await attempt(platform.stack.apiUrl);
  }
  if (answer.status !== 201) throw new Error(`the send answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

let nextRun = 0;

export async function runExternalApiScenario(platform: FaultPlatform, spec: ScenarioSpec): Promise<ScenarioReport> {
  const { connectionId, token } = await apiConnection(platform);
  const api: FaultPlatform = { ...platform, connectionId };
  const run = ++nextRun;
  const numbers = Array.from(
    { length: spec.customers },
    (_, c) => `55116${String(run).padStart(3, '0')}${String(c + 1).padStart(4, '0')}`,
  );
  const sends: Sent[] = numbers.flatMap((customer, c) =>
    Array.from({ length: spec.messagesPerCustomer }, (_, n) => ({ token: tokenOf(spec.name, 'out', c, n), customer })),
  );
  platform.calm();
  const base = await takeBaseline(platform);
  spec.faults(platform);
  const within = spec.recoverWithinMs ?? 60_000;
  try {
    const started = Date.now();
    let replayed = 0;
    // Each customer's messages in order (an integrator's queue per customer), the customers side by side.
    await Promise.all(
      numbers.map(async (number, c) => {
        for (let n = 0; n < spec.messagesPerCustomer; n++) {
          const body = `Seu pedido saiu para entrega ${tokenOf(spec.name, 'out', c, n)}`;
          const answer = await sendLikeAnIntegrator(platform, token, {
            number,
            body,
            idempotencyKey: `${spec.name}-${run}-${c}-${n}`,
          });
          if (answer.replayed) replayed += 1;
        }
      }),
    );
    const onPhones = await untilOnPhones(api, sends, within);
    const sentMs = onPhones ? Date.now() - started : undefined;
    await new Promise((r) => setTimeout(r, 3000)); // a second copy gets its chance to show up
    const injected = injectedSince(platform, base);
    const { drainedMs, deadLettered } = await settle(platform, base, spec.name);
    const [phones, tickets, contacts] = await Promise.all([
      phonesOf(api, numbers, { unwrittenEmpty: true }),
      ticketsOf(platform.admin, numbers),
      contactsOf(platform.admin, numbers),
    ]);
    const verdict = judge([], sends, { tickets, phones, contacts, acks: {} });
    // A first attempt that finished behind its 504 is answered again to the retry (a replay); one cut short
    // by a DynamoDB fault is run again under the same key. Some must be replays, or the retry path was not taken.
    const problems = [...verdict.problems];
    if (replayed === 0) problems.push('no retry was answered as a replay of its first attempt');
    if (problems.length) console.log(`${spec.name}: ${JSON.stringify(phones)}`);
    return {
      name: spec.name,
      ...verdict,
      problems,
      inboundRecoveredMs: sentMs,
      repliesRecoveredMs: sentMs,
      drainedMs,
      deadLettered,
      injected,
    };
  } finally {
    platform.calm();
  }
}
