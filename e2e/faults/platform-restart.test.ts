/**
 * Issue 31 item 1, "SIGKILL and restart of the whole platform": the platform on a data folder in a
 * process of its own, killed with its whole process tree mid-burst and started again on the same data
 * (support/restart-scenario.ts). `npm test` runs the CI size; `npm run faults` the full one. Prints its
 * row of the report (docs/faults.md) with the restart's times.
 */
import { describe, expect, it } from 'vitest';
import { RESTART } from './scenarios';
import { reportTable } from './support/report';
import { runRestartScenario } from './support/restart-scenario';
import { isClean } from './support/verdict';

describe.skipIf(process.platform !== 'linux')('the whole platform killed and restarted (linux: /proc)', () => {
  it(
    `${RESTART.name}: every message once, in one ticket, on the phone once; queues drained after the restart`,
    { timeout: RESTART.recoverWithinMs + 420_000 },
    async () => {
      const report = await runRestartScenario(RESTART);
      console.log(reportTable(0, [report]));
      console.log(
        `${report.name}: ${report.killedProcesses} processes killed; platform back in ${(report.restartMs / 1000).toFixed(1)} s; ` +
          `everything visible ${report.recoveredAfterKillMs === undefined ? 'never' : `${(report.recoveredAfterKillMs / 1000).toFixed(1)} s`} after the kill`,
      );
      expect(report.problems).toEqual([]);
      expect(isClean(report)).toBe(true);
      expect(report.received).toBe(report.sent);
      expect(report.killedProcesses, 'the platform, the session host and DynamoDB Local').toBeGreaterThanOrEqual(3);
      expect(report.recoveredAfterKillMs, 'everything visible within the limit').toBeDefined();
      expect(report.drainedMs, 'every work queue drained').toBeDefined();
      expect(report.deadLettered, 'nothing dead-lettered').toEqual({});
    },
  );
});
