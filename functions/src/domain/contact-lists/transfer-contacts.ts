/**
 * POST /contacts/transferToListCampaigns {contactIds, contactListId} (spec part 3 "Contacts page"
 * select mode, §5 "Bulk add to a list", §7; permission contacts-page:importExportContact): the chosen
 * contacts of the token's company become items of the list, truncated to its remaining capacity; a
 * full list refuses (ERR_CONTACT_LIST_FULL). Groups and contacts without a phone number are skipped;
 * ids of another company are never found. Safe to repeat: numbers already there count as duplicates.
 */
import {
  mayImportExportContacts,
  normaliseContactNumber,
  remainingListCapacity,
  type TransferToListAnswer,
  type TransferToListInput,
  type Viewer,
} from '@atende/shared';
import { getContactList } from '../../data/contact-lists';
import { getContacts, type ContactRecord } from '../../data/contacts';
import { AppError } from '../../platform/app-error';
import { addRowsToList, type RowToAdd } from './add-items';
import { listFull, listLimitsFor, listNotFound } from './list-access';
import { publishContactListItem } from './list-events';

const NAME_MAX = 50;

/** A contact as a list row, or undefined when it has no phone number a campaign could reach. */
function rowOf(contact: ContactRecord): RowToAdd | undefined {
  if (contact.isGroup || !contact.number) return undefined;
  const e164 = normaliseContactNumber(`+${contact.number.replace(/^\+/, '')}`);
  if (!e164) return undefined;
  const number = e164.slice(1);
  const name = contact.name.trim().slice(0, NAME_MAX);
  return { name: name.length >= 2 ? name : number, number, email: contact.email ?? '' };
}

export async function transferContactsToListFor(viewer: Viewer, input: TransferToListInput): Promise<TransferToListAnswer> {
  if (!mayImportExportContacts(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
  const limits = await listLimitsFor(viewer);
  const list = await getContactList(viewer.companyId, input.contactListId); // AP-CL1
  if (!list) throw listNotFound();
  if (remainingListCapacity(limits.maxContactsPerList, list.contactsCount) === 0) throw listFull(limits.maxContactsPerList);

  const ids = [...new Set(input.contactIds)];
  const byId = new Map((await getContacts(viewer.companyId, ids)).map((c) => [c.id, c])); // AP-CT5
  const rows = ids.map((id) => byId.get(id)).flatMap((c) => (c ? (rowOf(c) ?? []) : []));
  const added = await addRowsToList(list, rows, limits.maxContactsPerList);
  const count = (what: string) =>
    added.outcomes.filter((o) => (o.status === 'created' ? 'created' : o.reason) === what).length;
  const answer: TransferToListAnswer = {
    added: count('created'),
    duplicates: count('duplicate') + count('duplicateInFile'),
    overCapacity: count('overCapacity'),
    skipped: ids.length - rows.length,
    contactsCount: added.contactsCount,
    whatsappCheck: added.whatsappCheck,
  };
  if (answer.added) await publishContactListItem(viewer.companyId, { action: 'reload', contactListId: list.id });
  return answer;
}
