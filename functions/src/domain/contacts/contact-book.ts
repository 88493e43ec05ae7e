/**
 * The contacts API (spec part 1 §3 "Contact", §5, §6, §7): create, edit, read, list and search.
 * Numbers are kept as digits; a number or lid another contact holds → ERR_DUPLICATED_CONTACT
 * (the lookup items make it race-free). Only admins set or change the lid (`mayEditContactLid`).
 * Search uses the contact index kept on write (name words, number variants): O(page).
 */
import { ulid } from '@atende/shared/ids';
import {
  CONTACT_MSG,
  mayEditContactLid,
  PAGE_SIZE,
  type ContactDto,
  type ContactListAnswer,
  type CreateContactInput,
  type ListContactsQuery,
  type UpdateContactInput,
  type Viewer,
} from '@atende/shared';
import {
  countContacts,
  getContact,
  getContacts,
  insertContact,
  isContactsCursorOf,
  queryContactsByName,
  replaceContact,
  type ContactRecord,
} from '../../data/contacts';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { isIndexKeyOf, queryIndex } from '../../data/search-index';
import { normaliseForSearch, searchTerms } from '../../data/search-tokens';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { publishContactUpdated } from './contact-events';
import { toContactDto } from './contact-dto';

const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 400);
const digits = (number: string) => number.replace(/\D/g, '');
const cleanLid = (lid: string | null | undefined) => (lid ? lid.replace(/@lid$/, '').trim() || null : null);
/** A contact list search reads at most this many index items per page. */
const SEARCH_SLICE = 60;
/** GET /contacts/list answers at most this many contacts (pickers; the paged GET /contacts is the full list). */
export const CONTACT_LIST_CAP = 1_000;

export async function createContactFor(viewer: Viewer, input: CreateContactInput): Promise<ContactDto> {
  const lid = cleanLid(input.lid);
  if (lid && !mayEditContactLid(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
  const number = digits(input.number);
  if (number.length < 8) throw new AppError('ERR_VALIDATION', 400, { fields: { number: CONTACT_MSG.numberTooShort } });
  const now = new Date().toISOString();
  const contact: ContactRecord = {
    id: ulid(),
    companyId: viewer.companyId,
    name: input.name,
    number,
    lid,
    email: input.email,
    profilePicUrl: '',
    isGroup: false,
    extraInfo: input.extraInfo,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertContact(contact);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && (err.has('number') || err.has('lid'))) throw duplicated();
    throw err;
  }
  await publishContactUpdated(contact);
  return toContactDto(contact);
}

export async function updateContactFor(viewer: Viewer, contactId: string, input: UpdateContactInput): Promise<ContactDto> {
  const before = await getContact(viewer.companyId, contactId);
  if (!before) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  const lid = input.lid === undefined ? before.lid : cleanLid(input.lid);
  if (lid !== (before.lid ?? null) && !mayEditContactLid(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
  const number = input.number === undefined ? before.number : before.isGroup ? input.number : digits(input.number);
  const after: ContactRecord = {
    ...before,
    lid,
    number,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.extraInfo !== undefined ? { extraInfo: input.extraInfo } : {}),
    updatedAt: new Date().toISOString(),
  };
  try {
    await replaceContact(before, after);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && (err.has('number') || err.has('lid'))) throw duplicated();
    if (err instanceof TransactionConditionFailed && err.has('contact')) throw new AppError('ERR_VALIDATION', 409);
    throw err;
  }
  await publishContactUpdated(after);
  return toContactDto(after);
}

export async function showContact(companyId: string, contactId: string): Promise<ContactDto> {
  const contact = await getContact(companyId, contactId); // AP-CT1
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  return toContactDto(contact);
}

export async function listContacts(companyId: string, q: ListContactsQuery): Promise<ContactListAnswer> {
  if (q.searchParam) return searchContacts(companyId, q);
  const after = decodeCursor(q.cursor);
  if (q.cursor && (!after || !isContactsCursorOf(companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  let page = await queryContactsByName(companyId, { after, limit: PAGE_SIZE }); // AP-CT3
  for (let n = q.cursor ? 1 : q.pageNumber; n > 1 && page.next; n--)
    page = await queryContactsByName(companyId, { after: page.next, limit: PAGE_SIZE });
  return {
    contacts: page.contacts.map(toContactDto),
    count: await countContacts(companyId),
    hasMore: !!page.next, // AP-CT4
    ...(page.next ? { cursor: encodeCursor(page.next) } : {}),
  };
}

async function searchContacts(companyId: string, q: ListContactsQuery): Promise<ContactListAnswer> {
  const terms = searchTerms(q.searchParam);
  if (!terms.length) return { contacts: [], count: 0, hasMore: false };
  const [primary, ...others] = terms as [string, ...string[]];
  const after = decodeCursor(q.cursor);
  if (q.cursor && (!after || !isIndexKeyOf('CIX', companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  const page = await queryIndex('CIX', companyId, primary, { after, limit: SEARCH_SLICE }); // AP-CX1
  const contacts = (await getContacts(companyId, [...new Set(page.ownerIds.map((o) => o.ownerId))])) // AP-CT5
    .filter((c) => others.every((term) => normaliseForSearch(`${c.name} ${c.number}`).includes(term)))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return {
    contacts: contacts.map(toContactDto),
    count: contacts.length,
    hasMore: !!page.next,
    ...(page.next ? { cursor: encodeCursor(page.next) } : {}),
  };
}

/** GET /contacts/list: the company's contacts by name, capped (CONTACT_LIST_CAP). */
export async function listContactsForPicker(companyId: string): Promise<ContactDto[]> {
  const out: ContactDto[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await queryContactsByName(companyId, { after, limit: 200 }); // AP-CT3
    out.push(...page.contacts.map(toContactDto));
    after = page.next;
  } while (after && out.length < CONTACT_LIST_CAP);
  return out.slice(0, CONTACT_LIST_CAP);
}
