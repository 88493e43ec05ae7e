/**
 * A campaign send the session host could not carry out (`message.sendFailed` with the command id as
 * its clientMessageId: the number is not on WhatsApp, the connection needs a person, a file WhatsApp
 * refuses). The command id names the shipping (send-shipping.ts `shippingCommandId`), so the inbound
 * path reaches it with one read: the shipping moves to `failed` and the counters it had reached are
 * taken back, in one conditional transaction, so a redelivered failure changes nothing.
 *
 * The failure may also overtake the engine's own move (the host fails at once, before the pacer
 * records the send): the shipping is then still `planned` (or `confirmationRequested` for a
 * confirmed main message), and failing it from there makes the engine's move find it moved.
 */
import { deleteAwaitingConfirmation } from '../../data/campaign-confirmations';
import { progressCount, type ProgressCounter } from '../../data/campaign-progress';
import { getShipping, moveShipping, type ShippingState } from '../../data/campaign-shippings';
import { parseShippingCommandId, type ShippingPart } from './send-shipping';

/** Conditional moves lost to a concurrent one (the engine's) before the event is retried by the queue. */
const ATTEMPTS = 3;

type Deltas = Partial<Record<ProgressCounter, number>>;

/**
 * What failing a shipping in `state` for a failed `part` changes on the counters; undefined when the
 * failure changes nothing (already failed, or a confirmation request whose main message went out).
 */
export function failureDeltas(state: ShippingState, part: ShippingPart): Deltas | undefined {
  if (state === 'failed') return undefined;
  if (state === 'planned') return { failed: 1 };
  if (part === 'confirm') return state === 'confirmationRequested' ? { confirmationRequested: -1, failed: 1 } : undefined;
  // the main message: handed over and counted, or confirmed and not yet recorded as handed over
  return state === 'delivered' ? { delivered: -1, failed: 1 } : { confirmed: 1, failed: 1 };
}

/** Applies a failed campaign send on `connectionId` of `companyId` (the verified event's). */
export async function campaignSendFailed(
  companyId: string,
  connectionId: string,
  commandId: string,
  reason: string,
): Promise<void> {
  const command = parseShippingCommandId(commandId);
  if (!command) return; // not a shipping's command (or one sent before commands named their shipping)
  const ref = { companyId, campaignId: command.campaignId, connIndex: command.connIndex, position: command.position };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const shipping = await getShipping(ref); // AP-CS1
    // The command named a shipping of this company sent on this connection, or it is not ours to fail.
    if (!shipping || shipping.id !== command.itemId || shipping.connectionId !== connectionId) return;
    const deltas = failureDeltas(shipping.state, command.part);
    if (!deltas) return;
    const moved = await moveShipping(ref, { from: [shipping.state], to: 'failed', set: { failedReason: reason } }, [
      progressCount(companyId, command.campaignId, deltas),
    ]);
    if (moved) {
      if (shipping.state !== 'delivered')
        await deleteAwaitingConfirmation({ ...ref, number: shipping.number, connectionId }); // no answer will come
      return;
    }
  }
  throw new Error(`campaign ${command.campaignId}: shipping ${command.connIndex}/${command.position} kept moving`);
}
