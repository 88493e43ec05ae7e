import type { ScheduleDto } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

/** `company-<cid>-schedule`: schedules are company-wide (every user may list them, policy/schedules.ts). */
export async function publishScheduleUpdated(companyId: string, schedule: ScheduleDto): Promise<void> {
  await publish(companyId, 'schedule', { action: 'update', schedule }, { kind: 'company' });
}

export async function publishScheduleDeleted(companyId: string, scheduleId: string): Promise<void> {
  await publish(companyId, 'schedule', { action: 'delete', scheduleId }, { kind: 'company' });
}
