/**
 * Quick replies (spec part 3 §6 "Roles and permissions"): admins and supervisors edit or delete any
 * reply and choose toAll; a user edits or deletes only their own replies that are not toAll.
 */
import { isAdmin, type Viewer } from './viewer';

export interface QuickMessageAccessFacts {
  userId: string | null;
  toAll: boolean;
}

const managesAll = (viewer: Viewer): boolean => isAdmin(viewer) || String(viewer.profile).toLowerCase() === 'supervisor';

/** Whether the viewer may mark a reply for everyone ("available to everyone" versus "only me"). */
export const maySetQuickMessageToAll = (viewer: Viewer): boolean => managesAll(viewer);

/**
 * Whether the reply is listed for the viewer (the page and the '/' suggestions): the company's
 * (toAll) and their own. A reply for "only me" stays private, admins included.
 */
export const maySeeQuickMessage = (viewer: Pick<Viewer, 'userId'>, reply: QuickMessageAccessFacts): boolean =>
  reply.toAll || reply.userId === viewer.userId;

/** Edit, delete, attach and remove files (of a reply the viewer sees). */
export const mayManageQuickMessage = (viewer: Viewer, reply: QuickMessageAccessFacts): boolean =>
  managesAll(viewer) || (!reply.toAll && reply.userId === viewer.userId);
