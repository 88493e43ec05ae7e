/**
 * Realtime events of the users area (spec part 1 §4, part 2 §7):
 *   `company-<cid>-user`  { action: 'update', user } | { action: 'delete', userId } — the console
 *      updates its lists, and a user who sees themself deactivated or deleted is logged out;
 *   `company-<cid>-auth`  { action: 'update', user: { id }, sessionId } on sign-in — that user's
 *      consoles whose session id differs log out ("account used on another device"). Sent only to
 *      that user's sockets; the console that just signed in knows its own id from the login answer.
 * The publisher never throws: the change is already stored when these run.
 */
import type { UserDto } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

export const publishUserUpdated = (user: UserDto) =>
  publish(user.companyId, 'user', { action: 'update', user }, { kind: 'company' });

export const publishUserDeleted = (companyId: string, userId: string) =>
  publish(companyId, 'user', { action: 'delete', userId }, { kind: 'company' });

export const publishSessionStarted = (companyId: string, userId: string, sessionId: string) =>
  publish(companyId, 'auth', { action: 'update', user: { id: userId }, sessionId }, { kind: 'user', userId });
