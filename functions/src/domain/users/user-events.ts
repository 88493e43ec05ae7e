/**
 * Realtime events of the users area (spec part 1 §4, part 2 §7):
 *   `user`  { action: 'update', user } | { action: 'delete', userId } to the whole company (everyone
 *      lists users); a user who sees themself deactivated or deleted is logged out, and the fan-out
 *      drops that user's sockets on the same event (docs/decisions.md "Realtime by audience");
 *   `auth`  { action: 'update', user: { id } } on sign-in, to that user's sockets only: their OTHER
 *      open consoles log out ("account used on another device"); the console that just signed in
 *      has not connected its socket yet.
 * The publisher never throws: the change is already stored when these run.
 */
import type { UserDto } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

export const publishUserUpdated = (user: UserDto) =>
  publish(user.companyId, 'user', { action: 'update', user }, { kind: 'company' });

export const publishUserDeleted = (companyId: string, userId: string) =>
  publish(companyId, 'user', { action: 'delete', userId }, { kind: 'company' });

export const publishSessionStarted = (companyId: string, userId: string) =>
  publish(companyId, 'auth', { action: 'update', user: { id: userId } }, { kind: 'user', userId });
