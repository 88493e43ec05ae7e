/**
 * A campaign's connections once it started (issue 27 item 3 follow-up): the API keeps them (a
 * CANCELADA campaign may not change them, so a restart continues on the same ones), and a connection
 * deleted mid-campaign fails its remaining shippings at once instead of pacing through them.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CampaignSettings } from '@atende/shared';
import { getCampaign, type CampaignRecord } from '../src/data/campaigns';
import { campaignFigures } from '../src/domain/campaign-sending/report';
import { apiCall } from './support/api-event';
import { campaignOverList, newConnection, startCampaign, UNPACED, useCampaignStage } from './support/campaign-engine';
import { runQueuedJobs, sendsByNumber, testContacts } from './support/campaign-sim';
import { fakeQueues } from './support/fake-queues';

vi.mock('../src/platform/queues', async (original) =>
  (await import('./support/fake-queues')).withFakeSends(await original<object>()),
);

const stage = useCampaignStage();

const campaignCall = (action: 'cancel' | 'restart', id: string) =>
  apiCall('campaigns', 'POST', `/campaigns/{id}/${action}`, {
    token: stage.tenant.admin.token,
    pathParameters: { id },
  });

/** The editor's save of `campaign` with `changes`. */
const save = (campaign: CampaignRecord, changes: Record<string, unknown>) =>
  apiCall('campaigns', 'PUT', '/campaigns/{id}', {
    token: stage.tenant.admin.token,
    pathParameters: { id: campaign.id },
    body: {
      name: campaign.name,
      message1: campaign.message1,
      contactListId: campaign.contactListId,
      whatsappIds: campaign.whatsappIds,
      scheduledAt: campaign.scheduledAt,
      ...changes,
    },
  });

/** The connections a campaign's commands went out on, per recipient. */
const connectionsOf = (campaignId: string) =>
  [...sendsByNumber(campaignId).values()].flat().map((command) => command.connectionId);

describe('connections of a started campaign', () => {
  it('refuses other connections on a cancelled campaign, and the restart sends on the original one', async () => {
    const { tenant, connections } = stage;
    const contacts = testContacts(8);
    const campaign = await campaignOverList(tenant.company.id, contacts, { whatsappIds: [connections[0]!.id] });
    await startCampaign(campaign);
    await runQueuedJobs({ until: () => sendsByNumber(campaign.id).size >= 3 });
    expect((await campaignCall('cancel', campaign.id)).status).toBe(200);
    await runQueuedJobs();

    const cancelled = (await getCampaign(campaign.companyId, campaign.id))!;
    const moved = await save(cancelled, { whatsappIds: [connections[1]!.id] });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    const added = await save(cancelled, { whatsappIds: [connections[0]!.id, connections[1]!.id] });
    expect(added.status).toBe(409);
    expect((await save(cancelled, { name: 'Renomeada' })).status).toBe(200); // what a cancelled one may change

    vi.setSystemTime(Date.now() + 60_000); // a person restarts it a minute later
    expect((await campaignCall('restart', campaign.id)).status).toBe(200);
    await runQueuedJobs();
    expect(sendsByNumber(campaign.id).size).toBe(8);
    expect(new Set(connectionsOf(campaign.id))).toEqual(new Set([connections[0]!.id]));
    expect(await getCampaign(campaign.companyId, campaign.id)).toMatchObject({
      name: 'Renomeada',
      status: 'FINALIZADA',
      whatsappIds: [connections[0]!.id],
    });
  });

  it('keeps each contact on its planned connection when a cancelled campaign is saved with them reordered', async () => {
    const { tenant, connections } = stage;
    const contacts = testContacts(12); // planning pages of 4: most are planned after the restart
    const campaign = await campaignOverList(tenant.company.id, contacts, { whatsappIds: connections.map((c) => c.id) });
    await startCampaign(campaign);
    await runQueuedJobs({ until: () => sendsByNumber(campaign.id).size >= 1 });
    expect((await campaignCall('cancel', campaign.id)).status).toBe(200);
    const cancelled = (await getCampaign(campaign.companyId, campaign.id))!;
    const reordered = await save(cancelled, { whatsappIds: [connections[1]!.id, connections[0]!.id] });
    expect(reordered.status).toBe(200); // the same connections: the API accepts the new order

    vi.setSystemTime(Date.now() + 60_000);
    expect((await campaignCall('restart', campaign.id)).status).toBe(200);
    await runQueuedJobs();
    const sends = sendsByNumber(campaign.id);
    expect(sends.size).toBe(12);
    // the i-th contact goes out on connection i mod 2 of the order the pacers started with
    contacts.forEach((c, i) =>
      expect({ i, on: sends.get(c.number)![0]!.connectionId }).toEqual({ i, on: connections[i % 2]!.id }),
    );
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
  });

  it('fails the remaining shippings of a connection deleted mid-campaign at once, and finishes', async () => {
    const { tenant } = stage;
    const doomed = await newConnection(tenant);
    // up to 20 s between sends and 3 sends a day: pacing through the rest would wait for tomorrow
    const slow: CampaignSettings = { ...UNPACED, messageInterval: 20, dailyCapPerConnection: 3 };
    const contacts = testContacts(10);
    const campaign = await campaignOverList(tenant.company.id, contacts, { whatsappIds: [doomed.id] }, slow);
    await startCampaign(campaign);
    const sentOnDoomed = () =>
      fakeQueues.outbound.filter((o) => o.command.connectionId === doomed.id && o.command.type === 'message.send');
    await runQueuedJobs({ until: () => sentOnDoomed().length >= 2 });
    const removed = await apiCall('whatsapp', 'DELETE', '/whatsapp/{id}', {
      token: tenant.admin.token,
      pathParameters: { id: doomed.id },
    });
    expect(removed.status).toBe(204);

    const doomedSteps: number[] = [];
    await runQueuedJobs({
      onJob: async (q) => {
        if (q.job.jobId.startsWith(`${campaign.id}:0:`)) doomedSteps.push(Date.now());
      },
    });

    expect(sentOnDoomed()).toHaveLength(2);
    // the step queued before the deletion ran after its wait; from there the 8 remaining shippings failed
    // within seconds: no wait between them, none for a new day's quota
    expect(doomedSteps.at(-1)! - doomedSteps[0]!).toBeLessThan(5_000);
    const figures = await campaignFigures(campaign.companyId, campaign.id);
    expect(figures).toMatchObject({ validContacts: 10, delivered: 2, failed: 8 });
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
  });
});
