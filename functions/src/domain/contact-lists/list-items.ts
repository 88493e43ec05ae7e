/**
 * The items of a campaign contact list (spec part 3 "Contact list items page", §3 ContactListItem, §5,
 * §6, §7): paged and searched per list, added one by one under the list's capacity, edited, deleted
 * (permission contacts-page:deleteContact, spec §6). Numbers are stored normalised (E.164 digits), one
 * item per number per list. Live on `company-<cid>-ContactListItem`, each payload naming its list.
 */
import {
  CONTACT_LIST_MSG,
  mayDeleteContacts,
  normaliseContactNumber,
  type ContactListItemDto,
  type ContactListItemInput,
  type ContactListItemPageAnswer,
  type CreateContactListItemInput,
  type ListContactListItemsQuery,
  type Viewer,
} from '@atende/shared';
import {
  getContactListItem,
  InvalidItemsCursor,
  ITEM_NUMBER_LABEL,
  queryContactListItemsPage,
  removeContactListItem,
  replaceContactListItem,
  type ContactListItemRecord,
} from '../../data/contact-list-items';
import { getContactList } from '../../data/contact-lists';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { addRowsToList } from './add-items';
import { listFull, listLimitsFor, listNotFound } from './list-access';
import { checkNumbersOfNewItems } from './number-checks';
import { toContactListItemDto } from './list-dto';
import { publishContactListItem } from './list-events';
import { whatsappValidityOf } from './whatsapp-validity';

/** Items per page of the Contact list items page. */
export const CONTACT_LIST_ITEM_PAGE_SIZE = 40;

const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 409);

/** The form's number as stored (E.164 digits), or 400 with the field's message. */
function storedNumber(raw: string): string {
  const e164 = normaliseContactNumber(raw);
  if (!e164) throw new AppError('ERR_VALIDATION', 400, { fields: { number: CONTACT_LIST_MSG.numberInvalid } });
  return e164.slice(1);
}

/** GET /contact-list-items?contactListId=…: a page of the list's items, in the order they were added. */
export async function listContactListItemsFor(
  viewer: Viewer,
  query: ListContactListItemsQuery,
): Promise<ContactListItemPageAnswer> {
  await listLimitsFor(viewer);
  if (!(await getContactList(viewer.companyId, query.contactListId))) throw listNotFound(); // AP-CL1
  try {
    const page = await queryContactListItemsPage(viewer.companyId, query.contactListId, {
      limit: CONTACT_LIST_ITEM_PAGE_SIZE,
      cursor: query.cursor,
      search: query.searchParam,
    }); // AP-CLI1
    return {
      contacts: page.items.map(toContactListItemDto),
      hasMore: !!page.cursor,
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  } catch (err) {
    if (err instanceof InvalidItemsCursor)
      throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'validation.invalid' } });
    throw err;
  }
}

async function itemOf(viewer: Viewer, id: string): Promise<ContactListItemRecord> {
  const item = await getContactListItem(viewer.companyId, id); // AP-CLI2
  if (!item) throw listNotFound();
  return item;
}

export async function showContactListItemFor(viewer: Viewer, id: string): Promise<ContactListItemDto> {
  await listLimitsFor(viewer);
  return toContactListItemDto(await itemOf(viewer, id));
}

/** POST /contact-list-items: one item; its list full → ERR_CONTACT_LIST_FULL; its number there → ERR_DUPLICATED_CONTACT. */
export async function createContactListItemFor(
  viewer: Viewer,
  input: CreateContactListItemInput,
): Promise<ContactListItemDto> {
  const limits = await listLimitsFor(viewer);
  const row = { name: input.name, number: storedNumber(input.number), email: input.email ?? '' };
  const list = await getContactList(viewer.companyId, input.contactListId); // AP-CL1
  if (!list) throw listNotFound();
  const [outcome] = (await addRowsToList(list, [row], limits.maxContactsPerList)).outcomes;
  if (outcome!.status === 'refused') {
    if (outcome!.reason === 'overCapacity') throw listFull(limits.maxContactsPerList);
    throw duplicated();
  }
  const dto = toContactListItemDto(outcome!.item);
  await publishContactListItem(viewer.companyId, { action: 'create', contactListId: list.id, record: dto });
  return dto;
}

/** PUT /contact-list-items/{id}: name, number, e-mail; a new number (or one still unknown) is looked up and asked about. */
export async function updateContactListItemFor(
  viewer: Viewer,
  id: string,
  input: ContactListItemInput,
): Promise<ContactListItemDto> {
  await listLimitsFor(viewer);
  const before = await itemOf(viewer, id);
  const number = storedNumber(input.number);
  const validity =
    number === before.number && before.isWhatsappValid !== null
      ? undefined
      : await whatsappValidityOf(viewer.companyId, [number]); // AP-WN1
  const isWhatsappValid = validity ? validity.of(number) : before.isWhatsappValid;
  const after: ContactListItemRecord = {
    ...before,
    name: input.name,
    number,
    email: input.email ?? '',
    isWhatsappValid,
    updatedAt: new Date().toISOString(),
  };
  try {
    await replaceContactListItem(before, after);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    if (err.has(ITEM_NUMBER_LABEL)) throw duplicated();
    throw new AppError('ERR_CONFLICT', 409);
  }
  if (isWhatsappValid === null) await checkNumbersOfNewItems(validity?.connection, [number]);
  const dto = toContactListItemDto(after);
  await publishContactListItem(viewer.companyId, { action: 'update', contactListId: after.contactListId, record: dto });
  return dto;
}

/** DELETE /contact-list-items/{id} (contacts-page:deleteContact): the item, its number and one from the count. */
export async function deleteContactListItemFor(viewer: Viewer, id: string): Promise<void> {
  await listLimitsFor(viewer);
  if (!mayDeleteContacts(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
  const item = await itemOf(viewer, id);
  try {
    await removeContactListItem(item);
  } catch (err) {
    if (err instanceof TransactionConditionFailed) throw listNotFound();
    throw err;
  }
  await publishContactListItem(viewer.companyId, { action: 'delete', contactListId: item.contactListId, id });
}
