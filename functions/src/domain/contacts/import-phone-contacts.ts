/**
 * POST /contacts/import/phone (spec part 3 "Contacts page", §6 contacts-page:importExportContact;
 * issue 27): the connection's address book — the contacts its WhatsApp socket synced, kept by the
 * inbound worker as they arrive (address-book.ts) — imported as contacts, one page per request (the
 * console follows `cursor`). The connection is read under the caller's company only, so another
 * company's connection id finds nothing (404).
 *
 * Rules: numbers normalised to E.164 (stored as digits) and deduplicated; a number the company already
 * has is never created twice (the number lookup item makes it race-free, so a page sent twice creates
 * nothing twice) and its contact's name is filled from the address book only when it is empty or a
 * placeholder (its own number), never over a name a person gave; an entry that is not a phone number is
 * refused. Like the spreadsheet import, no realtime event per contact: the importing console reloads.
 */
import {
  mayImportExportContacts,
  normaliseContactNumber,
  PHONE_IMPORT_PAGE,
  type ImportPhoneContactsAnswer,
  type ImportPhoneContactsInput,
  type Viewer,
} from '@atende/shared';
import { isAddressBookCursorOf, queryAddressBook, type AddressBookEntry } from '../../data/address-book';
import { findDefaultConnection, getConnection } from '../../data/connections';
import { findContactIdByKey, getContact, insertContact, replaceContact } from '../../data/contacts';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { leadMoves } from '../dashboard/company-clock';
import { mapBounded } from './bounded';
import { newContact } from './import-contacts';

const PARALLEL_IMPORTS = 8;
/** The contact name's limits (nameSchema): longer names are cut, shorter ones are no name. */
const NAME_MIN = 2;
const NAME_MAX = 50;

type Outcome = 'created' | 'updated' | 'unchanged';

export async function importPhoneContactsFor(
  viewer: Viewer,
  input: ImportPhoneContactsInput,
): Promise<ImportPhoneContactsAnswer> {
  if (!mayImportExportContacts(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
  const { companyId } = viewer;
  const connection = input.whatsappId
    ? await getConnection(companyId, input.whatsappId) // AP-W1
    : await findDefaultConnection(companyId); // AP-W3, AP-W1
  if (!connection) throw new AppError(input.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND', 404);
  const after = decodeCursor(input.cursor);
  if (input.cursor && (!after || !isAddressBookCursorOf(companyId, connection.id, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });

  const page = await queryAddressBook(companyId, connection.id, { after, limit: PHONE_IMPORT_PAGE }); // AP-AB2
  const answer: ImportPhoneContactsAnswer = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  const byNumber = new Map<string, string | undefined>();
  for (const entry of page.entries) {
    const number = normaliseContactNumber(`+${entry.number.replace(/\D/g, '')}`)?.slice(1);
    if (!number) answer.refused++;
    else if (byNumber.has(number)) answer.unchanged++;
    else byNumber.set(number, nameOf(entry));
  }
  const outcomes = await mapBounded([...byNumber], PARALLEL_IMPORTS, ([number, name]) => importOne(companyId, number, name));
  for (const outcome of outcomes) answer[outcome]++;
  const cursor = encodeCursor(page.next);
  return cursor ? { ...answer, cursor } : answer;
}

/** The name saved on the phone, else the person's WhatsApp name; undefined when neither is usable. */
function nameOf(entry: AddressBookEntry): string | undefined {
  for (const candidate of [entry.name, entry.pushName]) {
    const name = candidate?.trim().slice(0, NAME_MAX).trim();
    if (name && name.length >= NAME_MIN) return name;
  }
  return undefined;
}

async function importOne(companyId: string, number: string, name: string | undefined): Promise<Outcome> {
  const existing = await findContactIdByKey(companyId, 'number', number); // AP-CT2
  if (existing) return fillPlaceholderName(companyId, existing, name);
  const contact = newContact(companyId, { name: name ?? number, number, email: '' });
  try {
    await insertContact(contact, await leadMoves(companyId, contact.createdAt, false));
    return 'created';
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed) || !err.has('number')) throw err;
    // created meanwhile (a message from that number, another import): treat it as existing
    const raced = await findContactIdByKey(companyId, 'number', number);
    return raced ? fillPlaceholderName(companyId, raced, name) : 'unchanged';
  }
}

/** An empty name or the contact's own number or lid is a placeholder; any other name is a person's and stays. */
async function fillPlaceholderName(companyId: string, contactId: string, name: string | undefined): Promise<Outcome> {
  if (!name) return 'unchanged';
  const contact = await getContact(companyId, contactId); // AP-CT1
  const placeholder =
    contact && (!contact.name.trim() || contact.name.replace(/\D/g, '') === contact.number || contact.name === contact.lid);
  if (!contact || !placeholder || contact.name === name) return 'unchanged';
  try {
    await replaceContact(contact, { ...contact, name, updatedAt: new Date().toISOString() });
    return 'updated';
  } catch (err) {
    // changed meanwhile: whoever changed it decided its name
    if (err instanceof TransactionConditionFailed) return 'unchanged';
    throw err;
  }
}
