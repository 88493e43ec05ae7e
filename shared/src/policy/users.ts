/** Users (spec part 1 §2 own-user modal, §5, §6). */
import { isAdmin, type Viewer } from './viewer';

/** The users screen, creating and deleting users: admins only. */
export const mayManageUsers = (viewer: Viewer): boolean => isAdmin(viewer);

/** Operators read and edit only themselves. */
export const mayEditUser = (viewer: Viewer, targetUserId: string): boolean =>
  isAdmin(viewer) || viewer.userId === targetUserId;

/** Status, profile and queues of a user are set by admins only (the own-user modal hides them from others). */
export const mayEditUserAccessFields = (viewer: Viewer): boolean => isAdmin(viewer);

/** Only super users may touch a super user (an admin of the platform company could otherwise take one over). */
export const mayManageTarget = (viewer: Viewer, target: { id: string; super: boolean }): boolean =>
  !target.super || viewer.super || target.id === viewer.userId;

/** An admin cannot deactivate their own user (spec part 1 §5). */
export const mayDeactivate = (viewer: Viewer, targetUserId: string): boolean => viewer.userId !== targetUserId;
