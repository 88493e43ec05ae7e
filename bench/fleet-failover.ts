/**
 * Issue 29's fleet goal at full size: `npx tsx bench/fleet-failover.ts [connections=400] [hosts=4] [--json]`
 * (starts its own DynamoDB Local and SQS/S3 emulator; needs Java 17). Four session-host processes in
 * fleet mode with the production lease timing (20 s lease, renewed every 5 s); one is SIGKILLed while
 * a message per connection is queued, then a fifth joins. Prints the figures (bench/README.md keeps
 * the latest) and exits 1 when a goal is missed. e2e/fleet-failover.test.ts runs the same scenario
 * at CI size.
 */
import { printJson } from './support/bench-json';
import { runFleetScenario } from './support/fleet-scenario';

const connections = Number(process.argv[2] ?? 400);
const hosts = Number(process.argv[3] ?? 4);
const startedAt = Date.now();
const stamp = () => `${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s`;

const result = await runFleetScenario({
  hosts,
  connections,
  companies: Math.max(1, Math.round(connections / 10)),
  log: (line) => console.log(`${stamp()}  ${line}`),
});

const goals = [
  ['failover ≤ 60 s', result.failoverSeconds <= 60],
  ['no message lost', result.messagesLost === 0],
  ['no message doubled', result.messagesDoubled === 0],
  ['never on two hosts', result.doubleRuns.length === 0],
  ['new host ≥ 15 % within 120 s', result.newHostShare >= 0.15 && result.rebalanceSeconds <= 120],
] as const;

console.log(`
| figure | value |
|---|---:|
| connections / hosts | ${result.connections} / ${hosts} (+1) |
| held by the killed host | ${result.killedHeld} |
| failover (SIGKILL → all CONNECTED elsewhere) | ${result.failoverSeconds.toFixed(1)} s |
| messages sent / lost / doubled | ${result.messagesSent} / ${result.messagesLost} / ${result.messagesDoubled} |
| connections seen on two hosts | ${result.doubleRuns.length} |
| new host's share / time to 15 % | ${(result.newHostShare * 100).toFixed(0)} % / ${result.rebalanceSeconds.toFixed(1)} s |
| host RSS at the end (MB) | ${result.hostRssMb.join(', ')} |
`);
for (const [goal, met] of goals) console.log(`${met ? 'ok  ' : 'MISS'} ${goal}`);
if (result.doubleRuns.length) console.log(result.doubleRuns.slice(0, 10).join('\n'));
printJson({
  hosts,
  ...result,
  doubleRuns: result.doubleRuns.length,
  goals: goals.map(([goal, met]) => ({ goal, met })),
});
process.exit(goals.every(([, met]) => met) ? 0 : 1);
