/**
 * `GET /users?searchParam` (admins): users whose name or e-mail has a word starting with what was
 * typed, through the user index kept on write (AP-UX1) — a page reads a slice of the index and the
 * users it names, never the company's users. Paged like the ticket search: by the `cursor` of the
 * previous page (the index position), or by `pageNumber` (the skipped pages re-read). A user found by
 * several words (Ana Anabela for "ana") is listed once; further words must appear in name or e-mail.
 */
import { PAGE_SIZE, type ListUsersQuery, type UsersPage } from '@atende/shared';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { isIndexKeyOf, scanIndex } from '../../data/search-index';
import { ensureUsersIndexed, getUsers, normaliseText, userSearchTokens, type UserRecord } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { toUserDtos } from './user-dto';

const SLICE = 60;
/** Index entries one request reads at most (skipped pages included): a sparse match ends the page early, with a cursor. */
const MAX_ITEMS_READ = 1_000;

/** The one entry of a user among those the term finds: its greatest word starting with the term. */
const isUsersOwnEntry = (user: UserRecord, token: string, term: string) =>
  userSearchTokens(user)
    .filter((word) => word.startsWith(term))
    .sort()
    .at(-1) === token;

export async function searchUsers(companyId: string, query: ListUsersQuery, terms: string[]): Promise<UsersPage> {
  const [primary, ...others] = terms as [string, ...string[]];
  const after = decodeCursor(query.cursor);
  if (query.cursor && (!after || !isIndexKeyOf('UIX', companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'ERR_VALIDATION' } });
  await ensureUsersIndexed(companyId);
  const skip = after ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
  const scan = await scanIndex('UIX', companyId, primary, {
    after,
    want: skip + PAGE_SIZE,
    slice: SLICE,
    maxItems: MAX_ITEMS_READ,
    resolve: async (entries) => {
      const users = new Map(
        (await getUsers(companyId, [...new Set(entries.map((e) => e.ownerId))])).map((u) => [u.id, u]), // AP-U7
      );
      return entries.map((entry) => {
        const user = users.get(entry.ownerId);
        const text = user && normaliseText(`${user.name} ${user.email}`);
        return user && isUsersOwnEntry(user, entry.token, primary) && others.every((term) => text!.includes(term))
          ? user
          : undefined;
      });
    },
  });
  const page = scan.found.slice(skip).sort((a, b) => normaliseText(a.name).localeCompare(normaliseText(b.name)));
  return { users: await toUserDtos(page), hasMore: !!scan.next, cursor: encodeCursor(scan.next) };
}
