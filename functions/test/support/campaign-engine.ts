/**
 * The stage of the campaign engine tests: the local table and queues, a company with campaigns on
 * and two connections, another company, planning pages of `planPageSize` (so a few dozen contacts
 * take several steps), a fake clock per test, and customers writing in through the real inbound
 * handler. The test file still installs the fake sends itself (vi.mock is hoisted per file):
 *
 *   vi.mock('../src/platform/queues', async (original) => (await import('./support/fake-queues')).withFakeSends(await original()));
 */
import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { CampaignSettings, ChannelEvent, ConnectionDto } from '@atende/shared';
import type { CampaignRecord } from '../../src/data/campaigns';
import { putCampaignSettings } from '../../src/data/campaign-settings';
import { forgetConfirmationWindows } from '../../src/domain/campaign-sending/confirmation';
import { scheduleCampaignStart } from '../../src/domain/campaign-sending/control';
import { CAMPAIGN_PLAN_JOB } from '../../src/domain/campaign-sending/jobs';
import { runPlanStep } from '../../src/domain/campaign-sending/planning';
import { runTick } from '../../src/domain/scheduler/tick';
import { platformJobs } from '../../src/handlers/dispatch/job-table';
import { handler as inbound } from '../../src/handlers/inbound/index';
import { logger } from '../../src/platform/logger';
import { apiCall } from './api-event';
import { createTestCampaign, createTestList, useSimulatedJobs, type TestContact } from './campaign-sim';
import { fakeQueues } from './fake-queues';
import { useFreshTable } from './fresh-table';
import { sqsEvent, useLocalQueues } from './local-queues';
import { createTestTenant } from './tenancy-fixtures';

export type Tenant = Awaited<ReturnType<typeof createTestTenant>>;

export interface CampaignStage {
  tenant: Tenant;
  other: Tenant;
  connections: ConnectionDto[];
}

export async function newConnection(t: Tenant): Promise<ConnectionDto> {
  const created = await apiCall('whatsapp', 'POST', '/whatsapp', {
    token: t.admin.token,
    body: { name: `Conexão ${Math.random().toString(36).slice(2, 8)}` },
  });
  if (created.status !== 201) throw new Error(`connection: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as ConnectionDto;
}

/** Made before the file's tests, stopped after; read its fields inside a test. */
export function useCampaignStage(options: { planPageSize?: number } = {}): CampaignStage {
  const stage = {} as CampaignStage;
  let queues: Awaited<ReturnType<typeof useLocalQueues>> | undefined;
  beforeAll(async () => {
    await useFreshTable();
    logger.setLogLevel('SILENT');
    queues = await useLocalQueues(1);
    const settings = [{ key: 'campaignsEnabled', value: 'true' }];
    stage.tenant = await createTestTenant({ settings, planLimits: { connections: 5 } });
    stage.other = await createTestTenant({ settings });
    stage.connections = [await newConnection(stage.tenant), await newConnection(stage.tenant)];
    useSimulatedJobs({
      ...platformJobs(),
      [CAMPAIGN_PLAN_JOB]: (job) => runPlanStep(job, { pageSize: options.planPageSize ?? 4 }),
    });
  });
  afterAll(async () => {
    await queues?.stop();
  });
  beforeEach(() => {
    fakeQueues.reset();
    forgetConfirmationWindows();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return stage;
}

/** Sends back to back: the tests count messages, not pace. */
export const UNPACED: CampaignSettings = {
  messageInterval: 0,
  longerIntervalAfter: 0,
  greaterInterval: 0,
  dailyCapPerConnection: 100_000,
  variables: [],
};

/** What the due index does at the campaign's time: the start job runs (at the next tick). */
export async function startCampaign(campaign: CampaignRecord): Promise<void> {
  await scheduleCampaignStart(campaign.companyId, campaign.id, campaign.scheduledAt!);
  await runTick(new Date());
}

/** A PROGRAMADA campaign due now over a list of `contacts`, on the company's settings `settings`. */
export async function campaignOverList(
  companyId: string,
  contacts: TestContact[],
  fields: Partial<CampaignRecord> & Pick<CampaignRecord, 'whatsappIds'>,
  settings: CampaignSettings = UNPACED,
): Promise<CampaignRecord> {
  await putCampaignSettings(companyId, settings, new Date().toISOString());
  const contactListId =
    fields.contactListId === undefined ? await createTestList(companyId, contacts) : fields.contactListId;
  return createTestCampaign(companyId, { ...fields, contactListId });
}

/** A customer's message on a connection, as the session host publishes it. */
export function customerWrites(
  companyId: string,
  connectionId: string,
  number: string,
  options: { body?: string; isGroup?: boolean; name?: string } = {},
): Extract<ChannelEvent, { type: 'message.received' }> {
  const externalId = `3EB0${ulid()}`;
  return {
    eventId: `msg:${connectionId}:${externalId}`,
    companyId,
    connectionId,
    occurredAt: new Date().toISOString(),
    type: 'message.received',
    message: {
      externalId,
      fromMe: false,
      isGroup: options.isGroup ?? false,
      body: options.body ?? 'Sim',
      timestamp: new Date().toISOString(),
      contact: {
        jid: `${number}@${options.isGroup ? 'g.us' : 's.whatsapp.net'}`,
        number,
        ...(options.name ? { pushName: options.name } : {}),
      },
    },
  };
}

/** One event through the real inbound handler (each in its chat's FIFO group); it must not fail. */
export async function deliverInbound(event: ChannelEvent): Promise<void> {
  const group = 'message' in event ? `${event.connectionId}:${event.message.contact.jid}` : event.connectionId;
  const result = await inbound(sqsEvent([{ body: JSON.stringify(event), groupId: group }]));
  expect(result.batchItemFailures).toEqual([]);
}

/** What the session host publishes when it will not carry out a send (the command id as clientMessageId). */
export function sendFailedEvent(
  companyId: string,
  connectionId: string,
  commandId: string,
  reason: 'not-on-whatsapp' | 'rejected' = 'not-on-whatsapp',
  /** The host's id is the same for every report of one command; another one gets past any event dedup. */
  eventId = `sendFailed:${connectionId}:${commandId}`,
): ChannelEvent {
  return {
    eventId,
    companyId,
    connectionId,
    occurredAt: new Date().toISOString(),
    type: 'message.sendFailed',
    clientMessageId: commandId,
    error: `${reason}: the send was refused`,
    reason,
  };
}
