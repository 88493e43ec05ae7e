/**
 * Asking WhatsApp which numbers have an account, for the items of campaign contact lists (spec part 3
 * §3 isWhatsappValid; issue 27 item 2). A Lambda cannot wait on the session host, so the question and
 * its answer travel apart: a `numbers.check` command (≤ NUMBERS_CHECK_MAX numbers, one WhatsApp query)
 * goes to the host of the company's default connection on the outbound queue, and the host answers with
 * a `numbers.checked` event on the inbound queue (`recordNumberCheckAnswers`): the answers go to the
 * company's 7-day cache, then to the items still waiting for them. Items added while nothing can ask
 * (no connected default connection) stay null until `requestNumberChecks` is called again for them.
 */
import { NUMBERS_CHECK_MAX, type NumberCheckResult, type WhatsappCheckState } from '@atende/shared';
import { ulid } from '@atende/shared/ids';
import type { ConnectionRecord } from '../../data/connections';
import { findItemsAwaitingCheck, settleItemWhatsappCheck } from '../../data/contact-list-items';
import { putWhatsappNumberChecks } from '../../data/whatsapp-number-checks';
import { logger } from '../../platform/logger';
import { sendOutboundCommand } from '../../platform/queues';
import { mapBounded } from '../contacts/bounded';
import { publishContactListItem } from './list-events';
import { whatsappValidityOf } from './whatsapp-validity';

/** Numbers of one answer handled at once (each: one index Query, then one Update per waiting item). */
const ANSWER_CONCURRENCY = 8;

/** One `numbers.check` command per NUMBERS_CHECK_MAX distinct numbers, through `connection`. */
export async function sendNumberChecks(connection: ConnectionRecord, numbers: readonly string[]): Promise<void> {
  const distinct = [...new Set(numbers)];
  for (let at = 0; at < distinct.length; at += NUMBERS_CHECK_MAX) {
    const requestId = ulid();
    await sendOutboundCommand(connection.shard, {
      type: 'numbers.check',
      commandId: requestId,
      requestId,
      companyId: connection.companyId,
      connectionId: connection.id,
      issuedAt: new Date().toISOString(),
      numbers: distinct.slice(at, at + NUMBERS_CHECK_MAX),
    });
  }
}

/**
 * After items were written with an unknown answer: asks about their numbers when the default
 * connection can. A failed send is logged, not thrown: the items are stored, and stay null until
 * checked again (the request that added them succeeded).
 */
export async function checkNumbersOfNewItems(
  connection: ConnectionRecord | undefined,
  numbers: readonly string[],
): Promise<void> {
  if (!connection || !numbers.length) return;
  await sendNumberChecks(connection, numbers).catch((err: unknown) =>
    logger.warn('number check not sent; the items stay unknown', {
      companyId: connection.companyId,
      connectionId: connection.id,
      numbers: numbers.length,
      err,
    }),
  );
}

/**
 * For the campaign engine and any later "check again": asks WhatsApp about those of `numbers` (E.164
 * digits) without a known answer, through the company's default connection when it is CONNECTED.
 * Answers `checked` (every answer known, nothing sent), `pending` (asked; the items follow when the
 * answer comes) or `noConnection` (nothing could be asked). The caller pages: O(numbers given).
 */
export async function requestNumberChecks(companyId: string, numbers: readonly string[]): Promise<WhatsappCheckState> {
  const distinct = [...new Set(numbers)];
  const validity = await whatsappValidityOf(companyId, distinct); // AP-WN1 (+ AP-W3, AP-W1)
  const unknown = distinct.filter((n) => validity.of(n) === null);
  if (validity.state === 'pending' && validity.connection) await sendNumberChecks(validity.connection, unknown);
  return validity.state;
}

/**
 * The `numbers.checked` answer of one company's check: cached per number, then set on every item of
 * the company's lists still waiting for that number (AP-CLI4: at most one per list), then one `reload`
 * per list that changed — never one event per item. Idempotent: a redelivered answer rewrites the same
 * cache entries, finds no item waiting and publishes nothing. Answers how many items changed.
 */
export async function recordNumberCheckAnswers(companyId: string, results: readonly NumberCheckResult[]): Promise<number> {
  await putWhatsappNumberChecks(
    companyId,
    results.map((r) => ({ number: r.number, valid: r.exists })),
  );
  const changedLists = new Set<string>();
  let changed = 0;
  await mapBounded(results, ANSWER_CONCURRENCY, async (result) => {
    for (const item of await findItemsAwaitingCheck(companyId, result.number)) {
      if (!(await settleItemWhatsappCheck(item, result.exists))) continue;
      changed += 1;
      changedLists.add(item.contactListId);
    }
  });
  for (const contactListId of changedLists) await publishContactListItem(companyId, { action: 'reload', contactListId });
  return changed;
}
