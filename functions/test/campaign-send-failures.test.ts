/**
 * Campaign sends the session host refuses after the engine queued them (issue 27 item 3 follow-up):
 * `message.sendFailed` carrying a campaign command id moves that shipping to `failed` and takes its
 * count back, once, through the real inbound handler.
 */
import { describe, expect, it, vi } from 'vitest';
import { getShipping } from '../src/data/campaign-shippings';
import { getCampaign } from '../src/data/campaigns';
import { runPlanStep } from '../src/domain/campaign-sending/planning';
import { planJob } from '../src/domain/campaign-sending/jobs';
import { beginSending } from '../src/domain/campaign-sending/lifecycle';
import { campaignFigures } from '../src/domain/campaign-sending/report';
import { failureDeltas } from '../src/domain/campaign-sending/send-failures';
import { parseShippingCommandId, shippingCommandId } from '../src/domain/campaign-sending/send-shipping';
import {
  campaignOverList,
  customerWrites,
  deliverInbound,
  newConnection,
  sendFailedEvent,
  startCampaign,
  useCampaignStage,
} from './support/campaign-engine';
import { runQueuedJobs, sendsByNumber, testContacts } from './support/campaign-sim';

vi.mock('../src/platform/queues', async (original) =>
  (await import('./support/fake-queues')).withFakeSends(await original<object>()),
);

const stage = useCampaignStage();

/** The command id the engine queued to `number` for `part`. */
function commandTo(campaignId: string, number: string, part: 'main' | 'confirm'): string {
  const command = sendsByNumber(campaignId)
    .get(number)
    ?.find((c) => c.commandId.endsWith(`:${part}`));
  if (!command) throw new Error(`no ${part} command to ${number}`);
  return command.commandId;
}

describe('campaign command ids', () => {
  it('name the shipping they were sent for, and nothing else parses as one', () => {
    const id = shippingCommandId({ campaignId: '01JCAMP', connIndex: 3, position: 120, id: '01JLIST-01JITEM' }, 'confirm');
    expect(parseShippingCommandId(id)).toEqual({
      campaignId: '01JCAMP',
      connIndex: 3,
      position: 120,
      itemId: '01JLIST-01JITEM',
      part: 'confirm',
    });
    expect(parseShippingCommandId('campaign:01JCAMP:01JLIST-01JITEM:main')).toBeUndefined(); // no position
    expect(parseShippingCommandId('campaign:01JCAMP:x:1:item:main')).toBeUndefined();
    expect(parseShippingCommandId('campaign:01JCAMP:0:1:item:other')).toBeUndefined();
    expect(parseShippingCommandId('api:01JCAMP:0:1:item:main')).toBeUndefined();
  });

  it('fail a shipping only from a state the failure undoes', () => {
    expect(failureDeltas('delivered', 'main')).toEqual({ delivered: -1, failed: 1 });
    expect(failureDeltas('planned', 'main')).toEqual({ failed: 1 });
    expect(failureDeltas('confirmationRequested', 'main')).toEqual({ confirmed: 1, failed: 1 });
    expect(failureDeltas('confirmationRequested', 'confirm')).toEqual({ confirmationRequested: -1, failed: 1 });
    expect(failureDeltas('delivered', 'confirm')).toBeUndefined();
    expect(failureDeltas('failed', 'main')).toBeUndefined();
  });
});

describe('a campaign send refused after it was queued', () => {
  it('fails the shipping and moves the counters once, however often the failure is delivered', async () => {
    const { tenant, connections } = stage;
    const contacts = testContacts(4);
    const campaign = await campaignOverList(tenant.company.id, contacts, { whatsappIds: [connections[0]!.id] });
    await startCampaign(campaign);
    await runQueuedJobs();
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({ delivered: 4, failed: 0 });

    const commandId = commandTo(campaign.id, contacts[1]!.number, 'main');
    const failed = sendFailedEvent(campaign.companyId, connections[0]!.id, commandId);
    await deliverInbound(failed);
    await deliverInbound(failed); // SQS redelivery
    await deliverInbound(sendFailedEvent(campaign.companyId, connections[0]!.id, commandId, 'rejected', 'another-report'));

    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({
      validContacts: 4,
      delivered: 3,
      failed: 1,
    });
    const ref = parseShippingCommandId(commandId)!;
    expect(await getShipping({ companyId: campaign.companyId, ...ref })).toMatchObject({
      number: contacts[1]!.number,
      state: 'failed',
      failedReason: 'not-on-whatsapp',
    });
  });

  it('fails a refused confirmation request, and a later answer sends nothing', async () => {
    const { tenant, connections } = stage;
    const contacts = testContacts(2);
    const campaign = await campaignOverList(tenant.company.id, contacts, {
      whatsappIds: [connections[0]!.id],
      confirmation: true,
      confirmationMessage1: 'Posso enviar, {nome}?',
    });
    await startCampaign(campaign);
    await runQueuedJobs();
    const [refused, answering] = contacts;
    await deliverInbound(
      sendFailedEvent(campaign.companyId, connections[0]!.id, commandTo(campaign.id, refused!.number, 'confirm')),
    );
    await deliverInbound(customerWrites(campaign.companyId, connections[0]!.id, refused!.number));
    await deliverInbound(customerWrites(campaign.companyId, connections[0]!.id, answering!.number));

    expect(
      sendsByNumber(campaign.id)
        .get(refused!.number)!
        .map((c) => c.commandId),
    ).toEqual([expect.stringMatching(/:confirm$/)]);
    expect(sendsByNumber(campaign.id).get(answering!.number)).toHaveLength(2);
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({
      confirmationRequested: 1,
      confirmed: 1,
      delivered: 1,
      failed: 1,
    });
  });

  it('fails a shipping whose failure overtook the engine, and the pacer then skips it', async () => {
    const { tenant, connections } = stage;
    const contacts = testContacts(3);
    const campaign = await campaignOverList(tenant.company.id, contacts, {
      whatsappIds: [connections[0]!.id],
      status: 'EM_ANDAMENTO',
    });
    await beginSending(campaign); // progress, pacers, and their first steps queued (not run yet)
    await runPlanStep(planJob(campaign.companyId, campaign.id, 0), { pageSize: 10 }); // planned, not sent yet
    const first = await getShipping({ companyId: campaign.companyId, campaignId: campaign.id, connIndex: 0, position: 0 });
    const commandId = shippingCommandId(first!, 'main');
    await deliverInbound(sendFailedEvent(campaign.companyId, connections[0]!.id, commandId));
    expect(await getShipping(first!)).toMatchObject({ state: 'failed' });

    await runQueuedJobs();
    expect(sendsByNumber(campaign.id).has(first!.number)).toBe(false);
    expect(sendsByNumber(campaign.id).size).toBe(2);
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({ delivered: 2, failed: 1 });
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
  });

  it("ignores a failure reported on another company's connection", async () => {
    const { tenant, other, connections } = stage;
    const contacts = testContacts(2);
    const campaign = await campaignOverList(tenant.company.id, contacts, { whatsappIds: [connections[0]!.id] });
    await startCampaign(campaign);
    await runQueuedJobs();
    const commandId = commandTo(campaign.id, contacts[0]!.number, 'main');
    const strangers = await newConnection(other);
    await deliverInbound(sendFailedEvent(other.company.id, strangers.id, commandId));
    // and on the company's other connection than the one that sent it
    await deliverInbound(sendFailedEvent(campaign.companyId, connections[1]!.id, commandId));
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({ delivered: 2, failed: 0 });
  });
});
