/**
 * EventBridge schedule rules, locally: each manifest schedule's area handler receives a
 * `ScheduledEvent` at the start of every matching minute (aligned to the wall clock, like `rate(1 minute)`
 * rules fire near the minute boundary).
 */
import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import type { Area } from '@atende/functions/manifest';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from '../emulators/local-aws';
import { reportInvocationError, type Invoke } from '../lambda-runtime';

export interface ScheduleSpec {
  name: string;
  area: Area;
  everyMinutes: number;
}

export interface Scheduler {
  /** Fires every schedule due at `at` now (tests and benches use it instead of waiting a minute). */
  tick(at?: Date): Promise<void>;
  stop(): void;
}

export function startScheduler(schedules: ScheduleSpec[], invoke: Invoke): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function tick(at = new Date()): Promise<void> {
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    const epochMinute = minute.getTime() / 60_000;
    await Promise.all(
      schedules
        .filter((s) => epochMinute % Math.max(1, s.everyMinutes) === 0)
        .map(async (s) => {
          try {
            await invoke(s.area, scheduledEvent(s.name, minute), { timeoutMs: 60_000 });
          } catch (err) {
            reportInvocationError(`schedule ${s.name} (${s.area})`, err);
          }
        }),
    );
  }

  function scheduleNext(): void {
    if (stopped) return;
    const now = Date.now();
    const next = Math.floor(now / 60_000) * 60_000 + 60_000;
    timer = setTimeout(() => {
      void tick(new Date(next));
      scheduleNext();
    }, next - now);
    timer.unref();
  }

  scheduleNext();
  return {
    tick,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export function scheduledEvent(ruleName: string, minute: Date): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: LOCAL_ACCOUNT_ID,
    time: minute.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:rule/atende-local-${ruleName}`],
    detail: {},
  };
}
