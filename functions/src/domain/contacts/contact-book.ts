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
  type ListContactsPickerQuery,
  type ListContactsQuery,
  type UpdateContactInput,
  type Viewer,
} from '@atende/shared';
import {
  contactSearchTokens,
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
import { isIndexKeyOf, scanIndex } from '../../data/search-index';
import { normaliseForSearch, searchTerms } from '../../data/search-tokens';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { leadMoves } from '../dashboard/company-clock';
import { publishContactUpdated } from './contact-events';
import { toContactDto } from './contact-dto';

const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 400);
const digits = (number: string) => number.replace(/\D/g, '');
const cleanLid = (lid: string | null | undefined) => (lid ? lid.replace(/@lid$/, '').trim() || null : null);
/** A contact search reads the index by this many items, and at most MAX_SEARCH_ITEMS_READ per request. */
const SEARCH_SLICE = 60;
const MAX_SEARCH_ITEMS_READ = 1_000;

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
    await insertContact(contact, await leadMoves(viewer.companyId, now, false));
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

/** The one entry of a contact among those the term finds: its greatest word starting with the term. */
const isContactsOwnEntry = (contact: ContactRecord, token: string, term: string) =>
  contactSearchTokens(contact)
    .filter((word) => word.startsWith(term))
    .sort()
    .at(-1) === token;

/**
 * A page of the contacts the index finds (AP-CX1), each once (a contact found by two words counts at
 * one), by `cursor` or by `pageNumber` (the skipped pages re-read). `count`: the matches up to the end
 * of this page (the total on the last page).
 */
async function searchContacts(companyId: string, q: ListContactsQuery): Promise<ContactListAnswer> {
  const terms = searchTerms(q.searchParam);
  if (!terms.length) return { contacts: [], count: 0, hasMore: false };
  const [primary, ...others] = terms as [string, ...string[]];
  const cursor = readSearchCursor(companyId, q.cursor);
  const skip = cursor ? 0 : (q.pageNumber - 1) * PAGE_SIZE;
  const scan = await scanIndex('CIX', companyId, primary, {
    after: cursor?.k,
    want: skip + PAGE_SIZE,
    slice: SEARCH_SLICE,
    maxItems: MAX_SEARCH_ITEMS_READ,
    resolve: async (entries) => {
      const contacts = new Map(
        (await getContacts(companyId, [...new Set(entries.map((e) => e.ownerId))])).map((c) => [c.id, c]), // AP-CT5
      );
      return entries.map((entry) => {
        const c = contacts.get(entry.ownerId);
        const text = c && normaliseForSearch(`${c.name} ${c.number}`);
        return c && isContactsOwnEntry(c, entry.token, primary) && others.every((term) => text!.includes(term))
          ? c
          : undefined;
      });
    },
  });
  const count = (cursor?.n ?? 0) + scan.found.length;
  const page = scan.found.slice(skip).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return {
    contacts: page.map(toContactDto),
    count,
    hasMore: !!scan.next,
    ...(scan.next ? { cursor: encodeCursor({ k: scan.next, n: count }) } : {}),
  };
}

/** A search cursor: the index position and the matches before it. */
function readSearchCursor(
  companyId: string,
  raw: string | undefined,
): { k: Record<string, unknown>; n: number } | undefined {
  if (!raw) return undefined;
  const value = decodeCursor(raw) as { k?: unknown; n?: unknown } | undefined;
  const k = value?.k;
  if (
    !value ||
    !k ||
    typeof k !== 'object' ||
    !isIndexKeyOf('CIX', companyId, k as Record<string, unknown>) ||
    !Number.isSafeInteger(value.n) ||
    (value.n as number) < 0
  )
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  return { k: k as Record<string, unknown>, n: value.n as number };
}

/** GET /contacts/list: a page of the company's contacts by name (AP-CT3), and where the next one starts. */
export async function listContactsForPicker(
  companyId: string,
  q: ListContactsPickerQuery,
): Promise<{ contacts: ContactDto[]; next?: string }> {
  const after = decodeCursor(q.cursor);
  if (q.cursor && (!after || !isContactsCursorOf(companyId, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  const page = await queryContactsByName(companyId, { after, limit: q.pageSize }); // AP-CT3
  return { contacts: page.contacts.map(toContactDto), next: encodeCursor(page.next) };
}
