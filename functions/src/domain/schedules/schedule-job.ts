/** The schedule's entry on the due index, shared by the API (puts it) and the job (runs it) without the job's code. */
import type { DueJob } from '../../data/due-work';
import type { ScheduleRecord } from '../../data/schedules';

export const SCHEDULE_SEND_JOB = 'schedule.send';

export const sendJobOf = (s: Pick<ScheduleRecord, 'companyId' | 'id' | 'sendAt'>): DueJob => ({
  companyId: s.companyId,
  jobType: SCHEDULE_SEND_JOB,
  jobId: s.id,
  dueAt: s.sendAt,
});
