/** The schedule a caller may change (author or admin, shared/src/policy/schedules.ts), read by id (AP-SC1). */
import { mayEditSchedule, mayManageSchedule, SCHEDULE_MSG } from '@atende/shared';
import { getSchedule, type ScheduleRecord } from '../../data/schedules';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';

export const scheduleNotFound = () => new AppError('ERR_NO_REGISTER_FOUND', 404);
export const alreadySent = () => new AppError('ERR_VALIDATION', 400, { fields: { sendAt: SCHEDULE_MSG.alreadySent } });

export async function ownSchedule(auth: AccessClaims, id: string): Promise<ScheduleRecord> {
  const schedule = await getSchedule(auth.companyId, id); // AP-SC1
  if (!schedule) throw scheduleNotFound();
  if (!mayManageSchedule(auth, schedule)) throw new AppError('ERR_NO_PERMISSION', 403);
  return schedule;
}

/** Its own and still unsent: what editing the text, the time or the attachments needs. */
export async function editableSchedule(auth: AccessClaims, id: string): Promise<ScheduleRecord> {
  const schedule = await ownSchedule(auth, id);
  if (!mayEditSchedule(auth, schedule)) throw alreadySent();
  return schedule;
}
