/**
 * A stand-in for platform/queues' two send functions, for tests that drive the campaign engine on a
 * fake clock: dispatch jobs are kept with the instant they become visible (DelaySeconds), outbound
 * commands with the instant they were queued. Installed by the test file itself:
 *
 *   vi.mock('../src/platform/queues', async (original) => (await import('./support/fake-queues')).withFakeSends(await original()));
 *
 * Imports nothing from src (the mock factory loads it before the modules under test).
 */
import type { OutboundCommand } from '@atende/shared';

export interface QueuedJob {
  job: { companyId: string; jobType: string; jobId: string; dueAt: string };
  visibleAt: number;
}

export const fakeQueues = {
  dispatch: [] as QueuedJob[],
  outbound: [] as { shard: number; command: OutboundCommand; at: number }[],
  /** Failures to inject: the next N sends of that kind throw (a queue outage, a crash mid-step). */
  failures: { dispatch: 0, outbound: 0 },
  /** Runs as soon as an outbound command is queued, before its sender goes on (a contact who answers at once). */
  afterOutbound: undefined as ((command: OutboundCommand) => Promise<void>) | undefined,
  reset() {
    this.dispatch.length = 0;
    this.outbound.length = 0;
    this.failures = { dispatch: 0, outbound: 0 };
    this.afterOutbound = undefined;
  },
};

const MAX_DELAY_SECONDS = 900;

export function withFakeSends<T extends object>(original: T): T {
  return {
    ...original,
    sendToDispatch: async (body: QueuedJob['job'], delaySeconds = 0) => {
      if (fakeQueues.failures.dispatch > 0 && fakeQueues.failures.dispatch--) throw new Error('dispatch queue unavailable');
      const delay = Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.round(delaySeconds)));
      fakeQueues.dispatch.push({ job: body, visibleAt: Date.now() + delay * 1000 });
    },
    sendOutboundCommand: async (shard: number, command: OutboundCommand) => {
      if (fakeQueues.failures.outbound > 0 && fakeQueues.failures.outbound--) throw new Error('outbound queue unavailable');
      fakeQueues.outbound.push({ shard, command, at: Date.now() });
      await fakeQueues.afterOutbound?.(command);
    },
  };
}
