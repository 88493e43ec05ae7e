/**
 * Issue 31 item 1, the fault suite on what exists today: a fresh local platform under DynamoDB, SQS
 * and client faults, judged from outside (the phones, the GET routes, an operator's socket). Prints
 * a report per scenario (the table in docs/faults.md). `npm test` runs the CI size; `npm run faults`
 * the full one; FAULT_SEED replays a run's faults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL, SCALE, SCENARIOS, selected } from './scenarios';
import { startFaultPlatform, type FaultPlatform } from './support/fault-platform';
import { reportTable } from './support/report';
import { runBotScenario } from './support/bot-scenario';
import { runCampaignScenario } from './support/campaign-scenario';
import { runExternalApiScenario } from './support/external-api-scenario';
import { runScenario, type ScenarioReport, type ScenarioSpec } from './support/scenario';
import { isClean } from './support/verdict';

/** The full size sends ~30 times as many messages as the CI one. */
const SCENARIO_TIMEOUT_MS = SCALE === 'full' ? 600_000 : 120_000;

const RUNNERS: Record<NonNullable<ScenarioSpec['kind']>, typeof runScenario> = {
  conversation: runScenario,
  'bot-menu': runBotScenario,
  campaign: runCampaignScenario,
  'external-api': runExternalApiScenario,
};

let platform: FaultPlatform;
const reports: ScenarioReport[] = [];

describe(`fault suite (${SCALE})`, () => {
  beforeAll(async () => {
    platform = await startFaultPlatform();
  });

  afterAll(async () => {
    if (reports.length) console.log(reportTable(platform.seed, reports));
    await platform?.stop();
  });

  for (const spec of selected(SCENARIOS)) {
    it(
      `${spec.name}: every message once, in one ticket, on the phone once; acks only rise`,
      // A scenario allowed a longer recovery than the default 60 s gets that much more time.
      { timeout: SCENARIO_TIMEOUT_MS + Math.max(0, (spec.recoverWithinMs ?? 0) - 60_000) },
      async () => {
        const report = await RUNNERS[spec.kind ?? 'conversation'](platform, spec);
        reports.push(report);
        expect(report.problems, `seed ${platform.seed}`).toEqual([]);
        expect(isClean(report)).toBe(true);
        expect(report.received).toBe(report.sent);
        expect(report.inboundRecoveredMs, 'customer messages all shown within the limit').toBeDefined();
        expect(report.repliesRecoveredMs, 'replies all on the phones within the limit').toBeDefined();
        expect(report.drainedMs, 'every work queue drained').toBeDefined();
        if (!spec.mayDeadLetter) expect(report.deadLettered, 'nothing dead-lettered').toEqual({});
        if (spec.during) expect(report.injected.hostKills + report.injected.consumerCrashes).toBeGreaterThan(0);
        for (const count of spec.mustInject ?? []) expect(report.injected[count], `${count} injected`).toBeGreaterThan(0);
        if (report.injected.consumerCrashes) expect(report.injected.cutOff, 'a crash landed mid-batch').toBeGreaterThan(0);
        if (spec.sockets) {
          expect(report.realtime, 'realtime judged').toBeDefined();
          expect(report.realtime!.outsideFrames, 'frames outside the audience').toBe(0);
          expect(report.realtime!.secondTabMissing + report.realtime!.reconnectMissing).toBe(0);
        }
      },
    );
  }

  it.skipIf(selected([CONTROL]).length === 0)(
    'control: a send with no idempotency key retried after a gateway timeout is seen doubled',
    async () => {
      const report = await runScenario(platform, CONTROL);
      reports.push(report);
      // The harness catches the old console's double send: every reply reached the phone twice …
      expect(report.doubled).toBe(CONTROL.repliesPerTicket);
      // … and nothing else went wrong.
      expect(report.lost).toBe(0);
      expect(report.splitTickets + report.duplicateContacts + report.misrouted).toBe(0);
    },
  );
});
