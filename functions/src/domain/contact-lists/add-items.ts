/**
 * Adding checked rows to a list: the one path of the import, the bulk add from the contacts page and
 * the single add. A number the list already holds is refused as a duplicate (decisions.md "Contact
 * lists: duplicates"); rows past the list's remaining capacity are left out (spec part 3 §5: truncated
 * to the remaining capacity). Rows go in transactions of ITEMS_PER_INSERT that move the list's count
 * with them, conditional on the limit: the count stays exact and the limit holds under concurrent
 * imports. A transaction refused (a number taken or the room taken meanwhile) is retried row by row,
 * so each row gets its own answer. Safe to repeat: a chunk sent twice finds its numbers taken.
 * Numbers added without a known WhatsApp answer are asked about once the rows are stored
 * (number-checks.ts): the answer finds the items it settles.
 */
import { monotonicUlid } from '@atende/shared/ids';
import { remainingListCapacity, withinListCapacity, type WhatsappCheckState } from '@atende/shared';
import {
  contactListItemId,
  findListNumbers,
  insertContactListItems,
  ITEM_NUMBER_LABEL,
  ITEMS_PER_INSERT,
  type ContactListItemRecord,
} from '../../data/contact-list-items';
import { getContactList, type ContactListRecord } from '../../data/contact-lists';
import { TransactionConditionFailed } from '../../data/transactions';
import { listNotFound } from './list-access';
import { checkNumbersOfNewItems } from './number-checks';
import { whatsappValidityOf } from './whatsapp-validity';

export interface RowToAdd {
  name: string;
  /** E.164 digits without '+'. */
  number: string;
  email: string;
}

export type AddOutcome =
  | { status: 'created'; item: ContactListItemRecord }
  | { status: 'refused'; reason: 'duplicate' | 'duplicateInFile' | 'overCapacity' };

export interface AddResult {
  /** One outcome per row, in order. */
  outcomes: AddOutcome[];
  contactsCount: number;
  whatsappCheck: WhatsappCheckState;
}

export async function addRowsToList(list: ContactListRecord, rows: readonly RowToAdd[], limit: number): Promise<AddResult> {
  const outcomes = new Array<AddOutcome>(rows.length);
  const taken = await findListNumbers(list.companyId, list.id, [...new Set(rows.map((r) => r.number))]); // AP-CLI3
  const seen = new Set<string>();
  const fresh: number[] = [];
  rows.forEach((row, i) => {
    if (taken.has(row.number)) outcomes[i] = { status: 'refused', reason: 'duplicate' };
    else if (seen.has(row.number)) outcomes[i] = { status: 'refused', reason: 'duplicateInFile' };
    else fresh.push(i);
    seen.add(row.number);
  });
  const validity = await whatsappValidityOf(
    list.companyId,
    fresh.map((i) => rows[i]!.number),
  );
  const { kept, leftOut } = withinListCapacity(fresh, remainingListCapacity(limit, list.contactsCount));
  for (const i of leftOut) outcomes[i] = { status: 'refused', reason: 'overCapacity' };

  const now = new Date().toISOString();
  const records = kept.map((i) => {
    const row = rows[i]!;
    const item: ContactListItemRecord = {
      id: contactListItemId(list.id, monotonicUlid()), // creation order = the rows' order
      companyId: list.companyId,
      contactListId: list.id,
      name: row.name,
      number: row.number,
      email: row.email,
      isWhatsappValid: validity.of(row.number),
      createdAt: now,
      updatedAt: now,
    };
    return { index: i, item };
  });
  for (let at = 0; at < records.length; at += ITEMS_PER_INSERT) {
    const group = records.slice(at, at + ITEMS_PER_INSERT);
    try {
      await insertContactListItems(
        group.map((g) => g.item),
        limit,
      );
      for (const g of group) outcomes[g.index] = { status: 'created', item: g.item };
    } catch (err) {
      if (!(err instanceof TransactionConditionFailed)) throw err;
      for (const g of group) outcomes[g.index] = await insertOne(g.item, limit);
    }
  }
  const unknown = outcomes.flatMap((o) =>
    o.status === 'created' && o.item.isWhatsappValid === null ? [o.item.number] : [],
  );
  await checkNumbersOfNewItems(validity.connection, unknown);
  const after = await getContactList(list.companyId, list.id); // AP-CL1
  if (!after) throw listNotFound();
  return { outcomes, contactsCount: after.contactsCount, whatsappCheck: validity.state };
}

/** One row alone, after its group was refused: taken number → duplicate; no room (or list gone) → overCapacity. */
async function insertOne(item: ContactListItemRecord, limit: number): Promise<AddOutcome> {
  try {
    await insertContactListItems([item], limit);
    return { status: 'created', item };
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    return { status: 'refused', reason: err.has(ITEM_NUMBER_LABEL) ? 'duplicate' : 'overCapacity' };
  }
}
