/** The fault suite's report: one row per scenario, printed as a Markdown table (docs/faults.md keeps the last). */
import type { ScenarioReport } from './scenario';

const ms = (value: number | undefined) => (value === undefined ? 'never' : `${(value / 1000).toFixed(1)} s`);

export function reportTable(seed: number, reports: ScenarioReport[]): string {
  const rows = reports.map((r) =>
    [
      r.name,
      r.sent,
      r.received,
      r.lost,
      r.doubled,
      r.misrouted,
      r.splitTickets,
      r.duplicateContacts,
      r.ackRegressions,
      ms(r.inboundRecoveredMs),
      ms(r.repliesRecoveredMs),
      ms(r.drainedMs),
      Object.entries(r.deadLettered)
        .map(([queue, n]) => `${queue}: ${n}`)
        .join(', ') || '0',
      `${r.injected.dynamodb}/${r.injected.dynamodbCalls} (${r.injected.dynamodbAfter} after)`,
      `${r.injected.hostSqs}/${r.injected.hostSqsCalls} (${r.injected.hostSqsAfter} after)`,
      `${r.injected.redelivered} / ${r.injected.kept} / ${r.injected.expired}`,
      `${r.injected.hostKills} / ${r.injected.consumerCrashes} (${r.injected.cutOff} cut off)` +
        (r.injected.platformKills ? `; ${r.injected.platformKills} whole-platform SIGKILL + restart` : ''),
      r.realtime ? `${r.realtime.outsideFrames} / ${r.realtime.secondTabMissing} / ${r.realtime.reconnectMissing}` : '–',
    ].join(' | '),
  );
  return [
    `Fault suite, seed ${seed} (FAULT_SEED=${seed} replays it)`,
    '',
    '| scenario | sent | received | lost | doubled | misrouted | split tickets | dup. contacts | ack drops | inbound complete | replies on phones | queues drained | dead-lettered | DynamoDB faults | session host’s SQS faults | SQS redelivered / kept / expired | host kills / consumer crashes | frames outside audience / 2nd tab missing / missing after reconnect |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
