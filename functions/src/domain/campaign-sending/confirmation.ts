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
import type { CampaignSettings } from '@atende/shared';
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
import { getCampaign, type CampaignRecord } from '../../data/campaigns';
import { getConnection, type ConnectionRecord } from '../../data/connections';
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
  const at = new Date().toISOString();
  if (shipping.state === 'planned') await recordRequest(campaign, shipping, connection, variables, at);
  await queueShippingPart(campaign, shipping, 'main', connection, variables);
  await moveShipping(
    awaiting,
    { from: ['confirmationRequested'], to: 'delivered', set: { confirmedAt: at, deliveredAt: at } },
    [progressCount(awaiting.companyId, awaiting.campaignId, { confirmed: 1, delivered: 1 })],
  );
  await deleteAwaitingConfirmation(awaiting);
  return 'done';
}

/**
 * The answer came before the pacer recorded its request: the pacer leaves the awaiting entry, queues
 * the request, then moves the shipping (pacer-step.ts `sendShipping`), and a contact quick to answer,
 * or a crash or a failed write before that move (then the window lasts until the step's redelivery),
 * falls in between. Read as "not asked yet", the answer was dropped and the main message never went.
 * The request is completed here as the pacer would: queued under its own command id (a copy the
 * pacer queued is dropped as a repeat, and it goes before the main message on the connection's
 * queue), then recorded; the pacer's own move then finds the shipping moved on and counts nothing.
 */
async function recordRequest(
  campaign: CampaignRecord,
  shipping: ShippingRecord,
  connection: ConnectionRecord,
  variables: CampaignSettings['variables'],
  at: string,
): Promise<void> {
  await queueShippingPart(campaign, shipping, 'confirm', connection, variables);
  await moveShipping(shipping, { from: ['planned'], to: 'confirmationRequested', set: { confirmationRequestedAt: at } }, [
    progressCount(shipping.companyId, shipping.campaignId, { confirmationRequested: 1 }),
  ]);
}
