/**
 * Campaign contact lists (spec part 3 "Contact lists page", §3 ContactList, §5, §7 "Contact lists and
 * items"; issue 27 item 2). Any user of a company with campaigns may read and change them (the spec
 * restricts none of it); the plan's numberOfGroupsCampaigns bounds how many exist, moved in the list's
 * own transaction (ERR_CONTACT_LIST_LIMIT). Deleting a list hands its items to a purge job (the list
 * may hold 100,000 of them: no request waits on that). Live on `company-<cid>-ContactList`.
 */
import { ulid } from '@atende/shared/ids';
import {
  remainingListCapacity,
  type ContactListDetailDto,
  type ContactListDto,
  type ContactListInput,
  type ContactListPageAnswer,
  type ListContactListsQuery,
  type Viewer,
} from '@atende/shared';
import {
  deleteContactListRecord,
  getContactList,
  insertContactList,
  isContactListsCursorOf,
  LIST_LIMIT_LABEL,
  listAllContactLists,
  queryContactListsPage,
  renameContactList,
} from '../../data/contact-lists';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { listLimitsFor, listNotFound } from './list-access';
import { toContactListDto } from './list-dto';
import { publishContactList } from './list-events';
import { contactListPurgeWrite } from './purge-list-items';

/** Lists per page of the Contact lists page. */
export const CONTACT_LIST_PAGE_SIZE = 30;

/** GET /contact-lists/list: every list, by name (the pickers; bounded by the plan's limit). */
export async function listAllContactListsFor(viewer: Viewer): Promise<ContactListDto[]> {
  await listLimitsFor(viewer);
  const lists = await listAllContactLists(viewer.companyId); // AP-CL3
  return lists.map(toContactListDto).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** GET /contact-lists: a page by name; `cursor` continues, `pageNumber` 1 restarts. */
export async function listContactListsPageFor(viewer: Viewer, query: ListContactListsQuery): Promise<ContactListPageAnswer> {
  await listLimitsFor(viewer);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && (!after || !isContactListsCursorOf(viewer.companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'validation.invalid' } });
  const page = await queryContactListsPage(viewer.companyId, {
    limit: CONTACT_LIST_PAGE_SIZE,
    after,
    search: query.searchParam,
  }); // AP-CL2
  const cursor = encodeCursor(page.next);
  return { records: page.lists.map(toContactListDto), hasMore: !!cursor, ...(cursor ? { cursor } : {}) };
}

/** POST /contact-lists: 'Voce atingiu o limite de numeros de listas de contatos no seu plano!' past the limit. */
export async function createContactListFor(viewer: Viewer, input: ContactListInput): Promise<ContactListDto> {
  const limits = await listLimitsFor(viewer);
  const now = new Date().toISOString();
  const list = { id: ulid(), companyId: viewer.companyId, name: input.name, createdAt: now, updatedAt: now };
  try {
    await insertContactList(list, limits.maxLists);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has(LIST_LIMIT_LABEL))
      throw new AppError('ERR_CONTACT_LIST_LIMIT', 400, { params: { max: limits.maxLists } });
    throw err;
  }
  const dto = toContactListDto({ ...list, contactsCount: 0 });
  await publishContactList(viewer.companyId, { action: 'create', record: dto });
  return dto;
}

/** GET /contact-lists/{id}: the list with its capacity. */
export async function showContactListFor(viewer: Viewer, id: string): Promise<ContactListDetailDto> {
  const limits = await listLimitsFor(viewer);
  const list = await getContactList(viewer.companyId, id); // AP-CL1
  if (!list) throw listNotFound();
  return {
    ...toContactListDto(list),
    contactsLimit: limits.maxContactsPerList,
    remaining: remainingListCapacity(limits.maxContactsPerList, list.contactsCount),
  };
}

/** PUT /contact-lists/{id}: the name. */
export async function renameContactListFor(viewer: Viewer, id: string, input: ContactListInput): Promise<ContactListDto> {
  await listLimitsFor(viewer);
  const list = await renameContactList(viewer.companyId, id, { name: input.name, updatedAt: new Date().toISOString() });
  if (!list) throw listNotFound();
  const dto = toContactListDto(list);
  await publishContactList(viewer.companyId, { action: 'update', record: dto });
  return dto;
}

/** DELETE /contact-lists/{id}: the list at once; its items by the purge job, in the same transaction. */
export async function deleteContactListFor(viewer: Viewer, id: string): Promise<void> {
  await listLimitsFor(viewer);
  try {
    await deleteContactListRecord(viewer.companyId, id, [contactListPurgeWrite(viewer.companyId, id)]);
  } catch (err) {
    if (err instanceof TransactionConditionFailed) throw listNotFound();
    throw err;
  }
  await publishContactList(viewer.companyId, { action: 'delete', id });
}
