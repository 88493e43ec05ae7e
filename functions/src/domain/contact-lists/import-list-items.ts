/**
 * POST /contact-lists/{id}/upload (spec part 3 "Contact list items page", §5 "Import into a list";
 * issue 27 item 2): one chunk of ≤ CONTACT_BULK_MAX rows the console read from the spreadsheet, the
 * contacts import's shape and row rules (`checkImportRow`: name, number normalised to E.164, e-mail).
 * Each row is answered in order: created (with its WhatsApp validity), or refused with why (its
 * check, a duplicate in the list or in the chunk, or past the list's remaining capacity). A full list
 * refuses the chunk (ERR_CONTACT_LIST_FULL). One `reload` event per chunk, never one per row.
 */
import {
  checkImportRow,
  remainingListCapacity,
  type ContactListImportAnswer,
  type ContactListImportRowResult,
  type ImportContactListInput,
  type Viewer,
} from '@atende/shared';
import { getContactList } from '../../data/contact-lists';
import { addRowsToList, type RowToAdd } from './add-items';
import { listFull, listLimitsFor, listNotFound } from './list-access';
import { publishContactListItem } from './list-events';

export async function importContactListItemsFor(
  viewer: Viewer,
  listId: string,
  input: ImportContactListInput,
): Promise<ContactListImportAnswer> {
  const limits = await listLimitsFor(viewer);
  const list = await getContactList(viewer.companyId, listId); // AP-CL1
  if (!list) throw listNotFound();
  if (remainingListCapacity(limits.maxContactsPerList, list.contactsCount) === 0) throw listFull(limits.maxContactsPerList);

  const results = new Array<ContactListImportRowResult>(input.rows.length);
  const accepted: { at: number; line: number; row: RowToAdd }[] = [];
  input.rows.forEach((raw, at) => {
    const check = checkImportRow(raw);
    if (!check.ok) results[at] = { line: raw.line, status: 'refused', reason: check.reason };
    else accepted.push({ at, line: raw.line, row: { name: check.name, number: check.number, email: check.email } });
  });
  const added = await addRowsToList(
    list,
    accepted.map((a) => a.row),
    limits.maxContactsPerList,
  );
  added.outcomes.forEach((outcome, i) => {
    const { at, line } = accepted[i]!;
    results[at] =
      outcome.status === 'created'
        ? { line, status: 'created', itemId: outcome.item.id, isWhatsappValid: outcome.item.isWhatsappValid }
        : { line, status: 'refused', reason: outcome.reason };
  });
  if (added.outcomes.some((o) => o.status === 'created'))
    await publishContactListItem(viewer.companyId, { action: 'reload', contactListId: list.id });
  return {
    results,
    contactsCount: added.contactsCount,
    remaining: remainingListCapacity(limits.maxContactsPerList, added.contactsCount),
    whatsappCheck: added.whatsappCheck,
  };
}
