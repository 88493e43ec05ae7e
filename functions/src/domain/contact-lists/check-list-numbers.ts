/**
 * POST /contact-lists/{id}/check-numbers: the numbers of a list's items still unknown, asked about again
 * one page at a time (items added while the company had no connected default connection stay null until
 * then; issue 27 item 2). Of one page of items (AP-CLI1): those whose answer the cache now knows are set
 * at once; the rest are sent to WhatsApp (number-checks.ts) when the default connection is connected.
 * O(page) per request however large the list; the console walks the list by passing back the cursor.
 */
import type { CheckContactListNumbersAnswer, CheckContactListNumbersInput, Viewer } from '@atende/shared';
import {
  InvalidItemsCursor,
  queryContactListItemsPage,
  settleItemWhatsappCheck,
  type ContactListItemRecord,
} from '../../data/contact-list-items';
import { getContactList } from '../../data/contact-lists';
import { AppError } from '../../platform/app-error';
import { listLimitsFor, listNotFound } from './list-access';
import { publishContactListItem } from './list-events';
import { sendNumberChecks } from './number-checks';
import { whatsappValidityOf } from './whatsapp-validity';

/** Items read per request. */
export const CHECK_NUMBERS_PAGE_SIZE = 200;

async function pageOf(companyId: string, listId: string, cursor: string | undefined) {
  try {
    return await queryContactListItemsPage(companyId, listId, { limit: CHECK_NUMBERS_PAGE_SIZE, cursor }); // AP-CLI1
  } catch (err) {
    if (err instanceof InvalidItemsCursor)
      throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'validation.invalid' } });
    throw err;
  }
}

export async function checkContactListNumbersFor(
  viewer: Viewer,
  listId: string,
  input: CheckContactListNumbersInput,
): Promise<CheckContactListNumbersAnswer> {
  await listLimitsFor(viewer);
  if (!(await getContactList(viewer.companyId, listId))) throw listNotFound(); // AP-CL1
  const page = await pageOf(viewer.companyId, listId, input.cursor);
  const waiting = page.items.filter((i) => i.isWhatsappValid === null);
  const validity = await whatsappValidityOf(
    viewer.companyId,
    waiting.map((i) => i.number),
  ); // AP-WN1
  const known: { item: ContactListItemRecord; valid: boolean }[] = [];
  const unknown: string[] = [];
  for (const item of waiting) {
    const valid = validity.of(item.number);
    if (valid === null) unknown.push(item.number);
    else known.push({ item, valid });
  }
  let settled = 0;
  for (const { item, valid } of known) if (await settleItemWhatsappCheck(item, valid)) settled += 1;
  if (settled) await publishContactListItem(viewer.companyId, { action: 'reload', contactListId: listId });
  const asked = unknown.length && validity.connection ? unknown.length : 0;
  if (asked) await sendNumberChecks(validity.connection!, unknown);
  return {
    settled,
    asked,
    whatsappCheck: validity.state,
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
}
