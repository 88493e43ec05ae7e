/** A company setting itself up (spec part 2 §2 "Settings screen", part 3 §2 "Queues page", §6). */
import { isAdmin, type Viewer } from './viewer';

/** Settings → Options and the queues page (queues, their menus and hours): admins. */
export const mayEditCompanySettings = (viewer: Viewer): boolean => isAdmin(viewer);
export const mayManageQueues = (viewer: Viewer): boolean => isAdmin(viewer);

/** Settings → Hours (`PUT /companies/{id}/schedules`): an admin for their own company, a super user for any. */
export const mayEditCompanyHours = (viewer: Pick<Viewer, 'companyId' | 'super' | 'profile'>, companyId: string): boolean =>
  viewer.super || (isAdmin(viewer) && viewer.companyId === companyId);

/** Which hours the bot applies (company setting scheduleType): the Hours tab for 'company', the queue's tab for 'queue'. */
export const showsCompanyHours = (settings: Record<string, string | undefined>): boolean =>
  settings.scheduleType === 'company';
export const showsQueueHours = (settings: Record<string, string | undefined>): boolean => settings.scheduleType === 'queue';
