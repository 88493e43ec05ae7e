/** Scheduled messages (spec part 1 §4 "Scheduled message", part 3 "Schedules page"). */
import { isAdmin, type Viewer } from './viewer';

export interface ScheduleAccessFacts {
  userId: string;
  sentAt: string | null;
}

/**
 * Schedules are company data like contacts: every user of the company may list and read them. Only
 * their author or an admin changes or deletes one.
 */
export const mayManageSchedule = (viewer: Viewer, schedule: ScheduleAccessFacts): boolean =>
  isAdmin(viewer) || schedule.userId === viewer.userId;

/** Once sent, a schedule is history: the dialog hides its submit button and the API refuses edits. */
export const mayEditSchedule = (viewer: Viewer, schedule: ScheduleAccessFacts): boolean =>
  schedule.sentAt === null && mayManageSchedule(viewer, schedule);
