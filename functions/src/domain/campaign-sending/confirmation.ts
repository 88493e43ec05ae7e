/**
 * The confirmation flow (campaign.confirmation): the pacer sends a random confirmation message and
 * leaves an "awaiting" entry under the contact's number; when that contact next writes to the same
 * connection, the main message goes, once (the shipping moves confirmationRequested → delivered
 * conditionally; the command id is the shipping's, so a repeated answer or a redelivered inbound
 * message queues nothing new).
 *
 * Cost on the inbound path: the company's confirmation window (one item, cached per process for
 * CONFIRMATION_WINDOW_CACHE_MS); only while it is open, one query by (company, number, connection).
 * A campaign with confirmation sends its first request only after that cache time, so no process
 * still holds a closed window when the first answer can come.
 */
import { getCampaignSettings } from '../../data/campaign-settings';
import {
  deleteAwaitingConfirmation,
  getConfirmationWindow,
  holdAnswer,
  listAwaitingConfirmations,
  putAwaitingConfirmation,
  type AwaitingConfirmation,
} from '../../data/campaign-confirmations';
import { progressCount } from '../../data/campaign-progress';
import { getShipping, moveShipping, type ShippingRecord } from '../../data/campaign-shippings';
import { getCampaign } from '../../data/campaigns';
import { getConnection } from '../../data/connections';
import { ttlCache } from '../../data/ttl-cache';
import { queueShippingPart } from './send-shipping';

export const CONFIRMATION_WINDOW_CACHE_MS = 15_000;
const windows = ttlCache<number>(CONFIRMATION_WINDOW_CACHE_MS);

/** Tests open and close windows between cases. */
export const forgetConfirmationWindows = () => windows.forget();

/** What the pacer leaves before it asks (so an answer quicker than the next write still finds it). */
export const awaitAnswer = (s: ShippingRecord): Promise<void> =>
  putAwaitingConfirmation({
    companyId: s.companyId,
    campaignId: s.campaignId,
    connIndex: s.connIndex,
    position: s.position,
    number: s.number,
    connectionId: s.connectionId,
  });

/** Inbound hook: a contact (by number) wrote to a connection. */
export async function answerCampaignConfirmations(companyId: string, connectionId: string, number: string): Promise<void> {
  if (!number) return;
  const until = await windows.get(companyId, () => getConfirmationWindow(companyId));
  if (until < Date.now()) return;
  for (const awaiting of await listAwaitingConfirmations(companyId, number, connectionId)) await sendConfirmedMain(awaiting);
}

/**
 * Sends the main message of an answered request, once. 'held': the campaign is cancelled, so the
 * answer is kept (held-answers.ts sends it after a restart); 'done' otherwise.
 */
export async function sendConfirmedMain(awaiting: AwaitingConfirmation): Promise<'held' | 'done'> {
  const [campaign, shipping] = await Promise.all([
    getCampaign(awaiting.companyId, awaiting.campaignId),
    getShipping(awaiting),
  ]);
  if (!campaign || !shipping || shipping.state === 'delivered' || shipping.state === 'failed') {
    await deleteAwaitingConfirmation(awaiting);
    return 'done';
  }
  if (shipping.state !== 'confirmationRequested') return 'done';
  // A cancelled campaign sends nothing, answers included: the answer is held for after a restart.
  if (campaign.status === 'CANCELADA') {
    await holdAnswer(awaiting);
    return 'held';
  }
  const connection = await getConnection(awaiting.companyId, shipping.connectionId);
  if (!connection) {
    await deleteAwaitingConfirmation(awaiting);
    return 'done';
  }
  const { variables } = await getCampaignSettings(awaiting.companyId);
  await queueShippingPart(campaign, shipping, 'main', connection, variables);
  const at = new Date().toISOString();
  await moveShipping(
    awaiting,
    { from: ['confirmationRequested'], to: 'delivered', set: { confirmedAt: at, deliveredAt: at } },
    [progressCount(awaiting.companyId, awaiting.campaignId, { confirmed: 1, delivered: 1 })],
  );
  await deleteAwaitingConfirmation(awaiting);
  return 'done';
}
