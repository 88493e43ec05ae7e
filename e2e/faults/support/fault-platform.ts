/**
 * A fresh local platform with its fault points wired in: the whole stack (infra/local/stack.ts) with
 * the DynamoDB fault proxy between it and DynamoDB Local, SQS's delivery faults in its event-source
 * mappings, an SQS fault proxy between the session host and SQS (its command queue, the channel
 * events it sends), and a gateway fault proxy in front of the REST API for the clients' faults. Starts with
 * every fault off (the seed and the set-up run clean); scenarios turn on what they test.
 */
import { randomBytes } from 'node:crypto';
import type { ConnectionDto, QueueDto } from '@atende/shared';
import { namedSeed, seededRandom } from '@atende/shared/seeded-random';
import { until } from '../../../bench/support/console-client';
import type { DeliveryFault, DeliveryFaults } from '../../../infra/local/pollers/delivery-faults';
import { startLocalStack, type LocalStack } from '../../../infra/local/stack';
import { consoleUser, type ConsoleUser } from './console-user';
import { dynamoDbFlavor } from './dynamodb-flavor';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { gatewayFlavor } from './gateway-flavor';
import { sqsFlavor } from './sqs-flavor';
import type { ProcessFaultCounts } from './process-faults';
import { runSeed } from './fault-seed';

export interface FaultPlatform {
  stack: LocalStack;
  seed: number;
  dynamodb: FaultProxy;
  /** Between the session host and SQS (sqs-flavor.ts). */
  hostSqs: FaultProxy;
  /** In front of the gateway: `POST /messages` through it answers 504 after the send ran. */
  gateway: FaultProxy;
  /** The REST API through `gateway`. */
  faultyApiUrl: string;
  /** The mappings' delivery faults (change its fields; `calm` clears them). */
  delivery: DeliveryFaults;
  deliveryFaultCounts: Record<DeliveryFault, number>;
  admin: ConsoleUser;
  operator: ConsoleUser;
  /**
   * Users whose sockets must carry nothing of the operator's tickets: the platform company's super
   * admin (another company) and a user of the operator's company without its queue.
   */
  outsiders: { name: string; sameCompany: boolean; user: ConsoleUser }[];
  /** Process faults applied so far (process-faults.ts). */
  processFaults: ProcessFaultCounts;
  connectionId: string;
  /** The simulator's control API (docs/simulator-api.md), as the admin. */
  sim<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Every fault off. */
  calm(): void;
  stop(): Promise<void>;
}

export async function startFaultPlatform(): Promise<FaultPlatform> {
  const seed = runSeed();
  console.log(`fault suite seed ${seed} (FAULT_SEED=${seed} replays it)`);
  const dynamodb = await startFaultProxy({ flavor: dynamoDbFlavor, seed });
  const gateway = await startFaultProxy({ flavor: gatewayFlavor, seed });
  const hostSqs = await startFaultProxy({ flavor: sqsFlavor, seed });
  const deliveryFaultCounts: Record<DeliveryFault, number> = { duplicate: 0, kept: 0, expired: 0 };
  const delivery: DeliveryFaults = {
    random: seededRandom(namedSeed(seed, 'sqs-delivery')),
    onFault: (fault, _area, records) => void (deliveryFaultCounts[fault] += records),
  };
  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      web: 'none',
      sessionHost: true,
      faults: {
        interposeDynamoDb: (endpoint) => {
          dynamodb.target = endpoint;
          return dynamodb.url;
        },
        interposeSessionHostSqs: (endpoint) => {
          hostSqs.target = endpoint;
          return hostSqs.url;
        },
        delivery,
      },
    });
    gateway.target = stack.url;
    gateway.profile = { 'POST /messages': { share: 1, kinds: ['gateway-timeout'], afterShare: 1 } };
    await stack.sessionHost!.waitHealthy();
    const login = (role: string) => {
      const seeded = stack!.seeded.logins.find((l) => l.role === role);
      if (!seeded?.password) throw new Error(`no seeded ${role} login`);
      return consoleUser(stack!.apiUrl, stack!.wsUrl, seeded.email, seeded.password);
    };
    const [admin, operator, superAdmin] = await Promise.all([login('admin'), login('operator'), login('super')]);
    const sim = simulatorApi(stack.url, admin.token);
    const connectionId = await connectedConnection(admin, sim);
    const withoutQueue = await userWithoutQueue(admin, stack);
    const started = stack;
    return {
      stack,
      seed,
      dynamodb,
      hostSqs,
      gateway,
      faultyApiUrl: `${gateway.url}/api`,
      delivery,
      deliveryFaultCounts,
      admin,
      operator,
      outsiders: [
        { name: 'another company (super admin)', sameCompany: false, user: superAdmin },
        { name: 'a user without the queue', sameCompany: true, user: withoutQueue },
      ],
      processFaults: { hostKills: 0, consumerCrashes: 0, cutOff: 0 },
      connectionId,
      sim,
      calm() {
        dynamodb.profile = {};
        hostSqs.profile = {};
        delete delivery.duplicate;
        delete delivery.keepShare;
        delete delivery.visibilityTimeoutSeconds;
        delete delivery.expireShare;
      },
      async stop() {
        await started.stop();
        await Promise.all([dynamodb.stop(), hostSqs.stop(), gateway.stop()]);
      },
    };
  } catch (err) {
    await stack?.stop();
    await Promise.all([dynamodb.stop(), hostSqs.stop(), gateway.stop()]);
    throw err;
  }
}

type Sim = FaultPlatform['sim'];

/** The simulator's control API through the gateway at `origin`, as the user with `token`. */
export function simulatorApi(origin: string, token: string): Sim {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}/simulator-api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    if (res.status >= 400) throw new Error(`simulator ${method} ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/**
 * A WhatsApp connection serving one queue (the operator's first, by default), scanned on the simulated phone;
 * with `token`, the external send API's bearer token for it.
 */
export async function connectedConnection(
  admin: ConsoleUser,
  sim: Sim,
  connection: { name: string; isDefault: boolean; queueId?: string; token?: string } = {
    name: 'Loja Resistente',
    isDefault: true,
  },
): Promise<string> {
  const queueId = connection.queueId ?? (await admin.retried<QueueDto[]>('GET', '/queue')).body[0]!.id;
  const created = await admin.retried<ConnectionDto>('POST', '/whatsapp', {
    name: connection.name,
    isDefault: connection.isDefault,
    queueIds: [queueId],
    ...(connection.token ? { token: connection.token } : {}),
  });
  if (created.status >= 300) throw new Error(`POST /whatsapp answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.id;
  const status = async () => (await sim<{ connection: { status: string } }>('GET', `/connections/${id}`)).connection.status;
  await until(async () => ((await status()) === 'qrcode' ? true : undefined), 30_000, 'the QR');
  await sim('POST', `/connections/${id}/scan`, {});
  await until(async () => ((await status()) === 'CONNECTED' ? true : undefined), 30_000, 'CONNECTED');
  return id;
}

/** A user of the admin's company with no queue: the operator's tickets are none of theirs. */
async function userWithoutQueue(admin: ConsoleUser, stack: LocalStack): Promise<ConsoleUser> {
  const email = `sem.fila.${Date.now()}@example.com`;
  const password = `Sem-fila-${randomBytes(6).toString('hex')}!9`;
  const created = await admin.retried('POST', '/users', {
    name: 'Sem Fila',
    email,
    password,
    profile: 'user',
    queueIds: [],
  });
  if (created.status >= 300) throw new Error(`POST /users answered ${created.status}: ${JSON.stringify(created.body)}`);
  return consoleUser(stack.apiUrl, stack.wsUrl, email, password);
}
