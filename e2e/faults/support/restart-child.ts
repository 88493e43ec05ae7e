/**
 * The whole local platform in a process of its own, on a data folder (as `npm start` runs it), for
 * the restart scenario (restart-scenario.ts): started with FAULT_DATA_DIR and FAULT_PORT, it prints one
 * `READY {json}` line with what the harness needs from outside — its URLs, the SQS endpoint and queues
 * (to judge that they drain), and the seeded logins — then runs until it is killed.
 */
import { startLocalStack } from '../../../infra/local/stack';

const dataDir = process.env.FAULT_DATA_DIR;
if (!dataDir) throw new Error('FAULT_DATA_DIR is required');
const stack = await startLocalStack({ dataDir, web: 'none', sessionHost: true, port: Number(process.env.FAULT_PORT) });
await stack.sessionHost?.waitHealthy();
const ready = {
  url: stack.url,
  apiUrl: stack.apiUrl,
  wsUrl: stack.wsUrl,
  endpoints: stack.endpoints,
  queues: [...stack.queues.entries()],
  logins: stack.seeded.logins,
};
process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void stack.stop().finally(() => process.exit(0)));
