/**
 * Finding schedules by a word (the /schedules page's search box, spec part 3): an index kept on
 * write (SIX, search-index.ts) over the words of the body and of the contact's name and number as
 * they were when the schedule was written. A search is one Query of the index plus one BatchGet of
 * the page: O(page), whatever the company's size. Several words: the longest goes to the index, the
 * others are checked on the schedules found (as the contact search does).
 */
import { PAGE_SIZE, type ListSchedulesQuery, type ScheduleListAnswer } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { getSchedules } from '../../data/schedules';
import { indexTokens, isIndexKeyOf, queryIndex, unindexTokens } from '../../data/search-index';
import { normaliseForSearch, numberTokens, searchTerms, tokensOf } from '../../data/search-tokens';
import { AppError } from '../../platform/app-error';
import { toScheduleDtos } from './schedule-dto';

/** Contact name words indexed per schedule (the body has its own bound, MAX_TOKENS_PER_TEXT). */
const MAX_NAME_TOKENS = 8;

/** At most 12 body words + 8 name words + 4 number variants: ≤ 24 index items per schedule. */
export const scheduleTokens = (body: string, contact: Pick<ContactRecord, 'name' | 'number'> | undefined): string[] => [
  ...new Set([
    ...tokensOf(body),
    ...(contact ? [...tokensOf(contact.name, MAX_NAME_TOKENS), ...numberTokens(contact.number)] : []),
  ]),
];

/** Puts the words `next` has that `previous` had not (before the schedule is written: search skips missing ones). */
export const indexScheduleWords = (companyId: string, id: string, next: string[], previous: string[] = []) =>
  indexTokens(
    'SIX',
    companyId,
    id,
    next.filter((t) => !previous.includes(t)),
  );

/** Takes off the words no longer there (after the schedule is written or deleted). */
export const unindexScheduleWords = (companyId: string, id: string, previous: string[] = [], next: string[] = []) =>
  unindexTokens(
    'SIX',
    companyId,
    id,
    previous.filter((t) => !next.includes(t)),
  );

export async function searchSchedules(companyId: string, query: ListSchedulesQuery): Promise<ScheduleListAnswer> {
  const terms = searchTerms(query.searchParam);
  if (!terms.length) return { schedules: [], hasMore: false };
  const [primary, ...others] = terms as [string, ...string[]];
  const after = decodeCursor(query.cursor);
  if (query.cursor && (!after || !isIndexKeyOf('SIX', companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'validation.invalid' } });
  const page = await queryIndex('SIX', companyId, primary, { after, limit: PAGE_SIZE }); // AP-SX1
  const found = await getSchedules(companyId, [...new Set(page.ownerIds.map((o) => o.ownerId))]); // AP-SC1 batch
  const dtos = (await toScheduleDtos(companyId, found)).filter((d) =>
    others.every((term) => normaliseForSearch(`${d.body} ${d.contact?.name ?? ''}`).includes(term)),
  );
  const cursor = encodeCursor(page.next);
  return {
    schedules: dtos.sort((a, b) => b.sendAt.localeCompare(a.sendAt)),
    hasMore: Boolean(page.next),
    ...(cursor ? { cursor } : {}),
  };
}
