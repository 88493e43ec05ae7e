import { PAGE_SIZE, type ListUsersQuery, type UserDto, type UsersPage } from '@atende/shared';
import type { AccessClaims } from '../../platform/jwt';
import { AppError, forbidden } from '../../platform/app-error';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { searchTerms } from '../../data/search-tokens';
import { isUsersCursorOf, listAllUsers, queryUsersPage, updateDrawerMenuOpen } from '../../data/users';
import { searchUsers } from './search-users';
import { toUserDto, toUserDtos } from './user-dto';
import { assertSelfOrManager, companyScope, loadTargetUser } from './user-scope';

/**
 * `GET /users` (admins): a page of the company's users by name. Paged by the opaque `cursor` the
 * previous page returned, or by `pageNumber` (spec: pages start at 1) when no cursor is sent.
 * `searchParam` finds words of name or e-mail by their start, case- and accent-insensitively
 * (search-users.ts); fewer than 3 characters do not search yet (spec part 1 §9): the plain list.
 */
export async function listUsers(auth: AccessClaims, query: ListUsersQuery): Promise<UsersPage> {
  const companyId = await companyScope(auth, query.companyId);
  const terms = searchTerms(query.searchParam);
  if (terms.length) return searchUsers(companyId, query, terms);
  const after = decodeCursor(query.cursor);
  if (query.cursor && (!after || !isUsersCursorOf(companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'ERR_VALIDATION' } });
  const page = await queryUsersPage(companyId, {
    after,
    skip: after ? 0 : ((query.pageNumber ?? 1) - 1) * PAGE_SIZE,
    pageSize: PAGE_SIZE,
  });
  return { users: await toUserDtos(page.users), hasMore: !!page.next, cursor: encodeCursor(page.next) };
}

/** `GET /users/list`: every user of the company (bounded by the plan's user limit), by name. */
export async function listCompanyUsers(auth: AccessClaims, requestedCompanyId?: string): Promise<UserDto[]> {
  return toUserDtos(await listAllUsers(await companyScope(auth, requestedCompanyId)));
}

/** `GET /users/{id}`: admins read their company's users; everyone else only themselves. */
export async function showUser(auth: AccessClaims, userId: string, requestedCompanyId?: string): Promise<UserDto> {
  assertSelfOrManager(auth, userId);
  return toUserDto(await loadTargetUser(auth, userId, requestedCompanyId));
}

/** `PUT /users/drawer/{userId}`: the side-menu state is personal, so only the user themself sets it. */
export async function setDrawerMenuOpen(
  auth: AccessClaims,
  userId: string,
  open: boolean,
): Promise<{ drawerMenuOpen: boolean }> {
  if (userId !== auth.userId) throw forbidden();
  const user = await updateDrawerMenuOpen(auth.companyId, userId, open);
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  return { drawerMenuOpen: user.drawerMenuOpen };
}
