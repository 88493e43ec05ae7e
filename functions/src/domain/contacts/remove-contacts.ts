/**
 * Deleting contacts from the contacts page (spec part 3 §3, §6, §7: DELETE /contacts/{id}, DELETE
 * /contacts {contactIds}; permission contacts-page:deleteContact). A contact with a pending or open
 * ticket is refused (ERR_OTHER_OPEN_TICKET): its conversation would go on without it. Closed tickets
 * stay and show an empty contact (decisions.md "Contacts page"). Ids of other companies are never
 * found: every read is under the token's company.
 */
import { mayDeleteContacts, type DeleteContactsAnswer, type Viewer } from '@atende/shared';
import { getContact, getContacts, removeContact, type ContactRecord } from '../../data/contacts';
import { getTickets, listContactTicketIds } from '../../data/tickets';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { mapBounded } from './bounded';
import { publishContactDeleted } from './contact-events';

/** A contact's newest tickets read for the open-ticket check (one active per connection: few). */
const TICKETS_CHECKED = 20;
const PARALLEL_DELETES = 8;

async function hasActiveTicket(companyId: string, contactId: string): Promise<boolean> {
  const ids = await listContactTicketIds(companyId, contactId, TICKETS_CHECKED); // AP-T4
  return (await getTickets(companyId, ids)).some((t) => t.status !== 'closed');
}

type Outcome = 'deleted' | 'openTicket' | 'notFound';

/** Deletes one contact; a concurrent edit is re-read once. Safe to repeat (a second call finds nothing). */
async function deleteOne(contact: ContactRecord, retried = false): Promise<Outcome> {
  if (await hasActiveTicket(contact.companyId, contact.id)) return 'openTicket';
  try {
    await removeContact(contact); // AP-CT6
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed) || !err.has('contact') || retried) throw err;
    const fresh = await getContact(contact.companyId, contact.id);
    return fresh ? deleteOne(fresh, true) : 'notFound';
  }
  await publishContactDeleted(contact.companyId, contact.id);
  return 'deleted';
}

const assertMayDelete = (viewer: Viewer) => {
  if (!mayDeleteContacts(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
};

/** DELETE /contacts/{id}. */
export async function deleteContactFor(viewer: Viewer, contactId: string): Promise<void> {
  assertMayDelete(viewer);
  const contact = await getContact(viewer.companyId, contactId); // AP-CT1
  const outcome = contact ? await deleteOne(contact) : 'notFound';
  if (outcome === 'notFound') throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  if (outcome === 'openTicket') throw new AppError('ERR_OTHER_OPEN_TICKET', 409);
}

/** DELETE /contacts {contactIds}: each contact on its own; the answer says what became of them. */
export async function deleteContactsFor(viewer: Viewer, contactIds: string[]): Promise<DeleteContactsAnswer> {
  assertMayDelete(viewer);
  const ids = [...new Set(contactIds)];
  const found = await getContacts(viewer.companyId, ids); // AP-CT5
  const outcomes = await mapBounded(found, PARALLEL_DELETES, (c) => deleteOne(c));
  const answer: DeleteContactsAnswer = { deleted: [], refused: [], notFound: ids.length - found.length };
  found.forEach((contact, i) => {
    if (outcomes[i] === 'deleted') answer.deleted.push(contact.id);
    else if (outcomes[i] === 'openTicket') answer.refused.push({ id: contact.id, error: 'ERR_OTHER_OPEN_TICKET' });
    else answer.notFound++;
  });
  return answer;
}
