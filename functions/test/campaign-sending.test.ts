/**
 * The campaign sending engine (issue 27 item 3) on the local DynamoDB, with the dispatch and
 * outbound queues replaced by in-memory ones run on a fake clock (support/campaign-sim.ts): each
 * recipient's received commands are counted as the simulated phone would count them BEFORE the
 * session host's own dedup, so "exactly once" here is the engine's doing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillCampaignVariables, type CampaignSettings, type ConnectionDto, type ChannelEvent } from '@atende/shared';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../src/data/client';
import { getCampaign, type CampaignRecord } from '../src/data/campaigns';
import { putCampaignSettings } from '../src/data/campaign-settings';
import { findContactIdByKey } from '../src/data/contacts';
import { advanceTickCursor, epochMinute } from '../src/data/due-work';
import { cancelCampaign, restartCampaign, scheduleCampaignStart } from '../src/domain/campaign-sending/control';
import { forgetConfirmationWindows } from '../src/domain/campaign-sending/confirmation';
import { CAMPAIGN_PLAN_JOB, planJob } from '../src/domain/campaign-sending/jobs';
import { beginSending } from '../src/domain/campaign-sending/lifecycle';
import { getProgress } from '../src/data/campaign-progress';
import { getShipping } from '../src/data/campaign-shippings';
import { runPlanStep } from '../src/domain/campaign-sending/planning';
import { campaignFigures } from '../src/domain/campaign-sending/report';
import { shippingCommandId } from '../src/domain/campaign-sending/send-shipping';
import { runTick } from '../src/domain/scheduler/tick';
import { platformJobs } from '../src/handlers/dispatch/job-table';
import { handler as inbound } from '../src/handlers/inbound/index';
import { logger } from '../src/platform/logger';
import { apiCall } from './support/api-event';
import {
  createTestCampaign,
  createTestList,
  runQueuedJobs,
  sendsByNumber,
  testContacts,
  type Delivery,
  type TestContact,
  useSimulatedJobs,
} from './support/campaign-sim';
import { fakeQueues } from './support/fake-queues';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues } from './support/local-queues';
import { createTestTenant } from './support/tenancy-fixtures';
import { UNPACED } from './support/campaign-engine';

vi.mock('../src/platform/queues', async (original) =>
  (await import('./support/fake-queues')).withFakeSends(await original<object>()),
);

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
let queues: Awaited<ReturnType<typeof useLocalQueues>>;
let tenant: Tenant;
let other: Tenant;
let connections: ConnectionDto[];
const statusMoves: string[] = [];

const PACED: CampaignSettings = {
  messageInterval: 5,
  longerIntervalAfter: 5,
  greaterInterval: 20,
  dailyCapPerConnection: 1000,
  variables: [],
};

async function newConnection(t: Tenant): Promise<ConnectionDto> {
  const created = await apiCall('whatsapp', 'POST', '/whatsapp', {
    token: t.admin.token,
    body: { name: `Conexão ${Math.random().toString(36).slice(2, 8)}` },
  });
  if (created.status !== 201) throw new Error(`connection: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as ConnectionDto;
}

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(1);
  const settings = [{ key: 'campaignsEnabled', value: 'true' }];
  tenant = await createTestTenant({ settings, planLimits: { connections: 5 } });
  other = await createTestTenant({ settings });
  connections = [await newConnection(tenant), await newConnection(tenant)];
  // Planning pages of 4 so a dozen contacts take several steps.
  const jobs = platformJobs(async (c) => {
    statusMoves.push(`${c.id}:${c.status}`);
  });
  useSimulatedJobs({ ...jobs, [CAMPAIGN_PLAN_JOB]: (job) => runPlanStep(job, { pageSize: 4 }) });
});
afterAll(async () => {
  useSimulatedJobs(platformJobs());
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

async function startCampaign(campaign: CampaignRecord): Promise<void> {
  await scheduleCampaignStart(campaign.companyId, campaign.id, campaign.scheduledAt!);
  await runTick(new Date());
}

async function campaignOver(contacts: TestContact[], fields: Partial<CampaignRecord> = {}, settings = PACED) {
  await putCampaignSettings(tenant.company.id, settings, new Date().toISOString());
  const listId = await createTestList(tenant.company.id, contacts);
  return createTestCampaign(tenant.company.id, {
    whatsappIds: connections.map((c) => c.id),
    contactListId: listId,
    ...fields,
  });
}

const valid = (contacts: TestContact[]) => contacts.filter((c) => c.isWhatsappValid !== false);

/** A campaign on the first connection that asks each contact first ("Posso enviar a oferta, {nome}?"). */
const confirmationCampaign = (contacts: TestContact[]) =>
  campaignOver(contacts, {
    whatsappIds: [connections[0]!.id],
    confirmation: true,
    message1: 'Oferta para {nome}',
    confirmationMessage1: 'Posso enviar a oferta, {nome}?',
  });

/** Every valid contact got exactly one command, nobody else got any. */
function expectOneEach(campaign: CampaignRecord, contacts: TestContact[]) {
  const sends = sendsByNumber(campaign.id);
  expect([...sends.keys()].sort()).toEqual(
    valid(contacts)
      .map((c) => c.number)
      .sort(),
  );
  for (const [number, commands] of sends) expect({ number, count: commands.length }).toEqual({ number, count: 1 });
}

/** A random 0..5 s wait (whole seconds on SQS), and the 20 s pause after every 5th send. */
function expectPacedGap(gap: number, i: number) {
  if ((i + 1) % PACED.longerIntervalAfter === 0) expect(gap).toBe(PACED.greaterInterval * 1000);
  else expect(gap).toBeLessThanOrEqual((PACED.messageInterval + 1) * 1000);
}
const expectPaced = (gaps: number[]) => gaps.forEach(expectPacedGap);

/** The gaps between one connection's consecutive sends. */
function gapsOf(campaign: CampaignRecord, connectionId: string): number[] {
  const times = fakeQueues.outbound
    .filter((o) => o.command.connectionId === connectionId && o.command.commandId.startsWith(`campaign:${campaign.id}:`))
    .map((o) => o.at);
  return times.slice(1).map((t, i) => t - times[i]!);
}

describe('campaign sending', () => {
  it('sends every valid contact one message, round robin and paced per connection, and finishes once', async () => {
    const contacts = testContacts(26, 4); // 6 refused by WhatsApp at import: 20 valid, 10 per connection
    const settings = { ...PACED, variables: [{ key: 'loja', value: 'Loja Centro' }] };
    const campaign = await campaignOver(
      contacts,
      { message1: 'Olá {nome} ({numero}, {email}) da {loja}', message2: '', message3: 'Oi {nome}! {desconhecida}' },
      settings,
    );
    await startCampaign(campaign);
    await runQueuedJobs();

    expectOneEach(campaign, contacts);
    const sends = sendsByNumber(campaign.id);
    valid(contacts).forEach((c, i) => {
      const [command] = sends.get(c.number)!;
      if (command!.type !== 'message.send') throw new Error('not a send');
      expect(command!.connectionId).toBe(connections[i % 2]!.id);
      expect(command!.commandId).toMatch(new RegExp(`^campaign:${campaign.id}:.+:main$`));
      const texts = [campaign.message1, campaign.message3].map((m) => fillCampaignVariables(m, c, settings.variables));
      expect(texts).toContain(command!.text);
    });
    expect(sends.get(valid(contacts)[0]!.number)![0]).toMatchObject({ to: `${valid(contacts)[0]!.number}@s.whatsapp.net` });
    // Gaps alternate: a random 0..5 s wait (whole seconds on SQS), then the 20 s pause after every 2nd send.
    for (const connection of connections) {
      const gaps = gapsOf(campaign, connection.id);
      expect(gaps.length).toBe(9);
      expectPaced(gaps);
    }
    const finished = (await getCampaign(campaign.companyId, campaign.id))!;
    expect(finished.status).toBe('FINALIZADA');
    expect(finished.completedAt).not.toBeNull();
    expect(statusMoves.filter((m) => m.startsWith(campaign.id))).toEqual([
      `${campaign.id}:EM_ANDAMENTO`,
      `${campaign.id}:FINALIZADA`,
    ]);
    expect(await campaignFigures(campaign.companyId, campaign.id)).toEqual({
      validContacts: 20,
      planned: 20,
      delivered: 20,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 0,
    });
  });

  it.each<Delivery>(['twice', 'concurrent-twice'])(
    'sends nobody twice and keeps the pace when every step is delivered %s',
    async (delivery) => {
      const contacts = testContacts(14, 7); // 12 valid: 6 per connection, so each pauses once
      const campaign = await campaignOver(contacts);
      await startCampaign(campaign);
      await runQueuedJobs({ delivery });

      expectOneEach(campaign, contacts);
      for (const connection of connections) expect(gapsOf(campaign, connection.id)).toHaveLength(5);
      for (const connection of connections) expectPaced(gapsOf(campaign, connection.id));
      const figures = await campaignFigures(campaign.companyId, campaign.id);
      expect(figures).toMatchObject({ validContacts: 12, planned: 12, delivered: 12 });
      expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
      expect(statusMoves.filter((m) => m === `${campaign.id}:FINALIZADA`)).toHaveLength(1);
    },
  );

  it('counts a planning step once and queues its successor once, however often it is delivered', async () => {
    const contacts = testContacts(6);
    const campaign = await campaignOver(contacts, { status: 'EM_ANDAMENTO', whatsappIds: [connections[0]!.id] });
    const { companyId, id } = campaign;
    await beginSending(campaign);
    fakeQueues.reset();
    await runPlanStep(planJob(companyId, id, 0), { pageSize: 4 });
    const first = await getShipping({ companyId, campaignId: id, connIndex: 0, position: 3 });
    await runPlanStep(planJob(companyId, id, 0), { pageSize: 4 }); // redelivered after it completed
    expect(await getProgress(companyId, id)).toMatchObject({ planStep: 1, validContacts: 4, planned: 4, planDone: false });
    expect(await getShipping({ companyId, campaignId: id, connIndex: 0, position: 3 })).toEqual(first);
    expect(fakeQueues.dispatch.map((q) => q.job.jobId)).toEqual([`${id}:1`]);

    // two copies at once: one writes, the other finds the step held (and is retried by SQS) or done
    const copies = await Promise.allSettled([1, 2].map(() => runPlanStep(planJob(companyId, id, 1), { pageSize: 4 })));
    expect(copies.filter((c) => c.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    await runPlanStep(planJob(companyId, id, 1), { pageSize: 4 }); // the retry
    expect(await getProgress(companyId, id)).toMatchObject({ planStep: 2, validContacts: 6, planned: 6, planDone: true });
    expect(first).toMatchObject({
      id: expect.stringContaining(campaign.contactListId!),
      number: contacts[3]!.number,
      state: 'planned',
    });
  });

  it("finishes, sending each contact once, when DynamoDB applied every claim and the SDK's retry then failed its condition", async () => {
    // The SDK retries a write that timed out or got a 500 after DynamoDB applied it; the retry then fails
    // the write's own condition. Every claim of the engine (the start's status move, planning's lease and
    // completion, each pacer step) is answered that way here: applied, then "condition failed".
    const claims = [/#status IN/, /planStep = :step/, /#seq = :seq/];
    const realSend = ddb().send.bind(ddb()) as (command: object) => Promise<unknown>;
    let retried = 0;
    const send = vi.spyOn(ddb(), 'send').mockImplementation((async (command: object) => {
      const condition = command instanceof UpdateCommand ? (command.input.ConditionExpression ?? '') : '';
      if (!claims.some((claim) => claim.test(condition))) return realSend(command);
      await realSend(command); // applied, its answer lost
      retried += 1;
      return realSend(command); // the SDK's retry
    }) as never);
    try {
      const contacts = testContacts(8);
      const campaign = await campaignOver(contacts, {}, UNPACED);
      await startCampaign(campaign);
      await runQueuedJobs();

      expectOneEach(campaign, contacts);
      expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
      expect(statusMoves.filter((m) => m.startsWith(campaign.id))).toEqual([
        `${campaign.id}:EM_ANDAMENTO`,
        `${campaign.id}:FINALIZADA`,
      ]);
      expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({ planned: 8, delivered: 8, failed: 0 });
      expect(retried).toBeGreaterThan(8);
    } finally {
      send.mockRestore();
    }
  });

  it('stops at cancel and, restarted (twice), finishes without resending anyone', async () => {
    const contacts = testContacts(12);
    const campaign = await campaignOver(contacts);
    await startCampaign(campaign);
    await runQueuedJobs({ until: () => sendsByNumber(campaign.id).size >= 5 });
    await cancelCampaign(campaign.companyId, campaign.id);
    const atCancel = sendsByNumber(campaign.id).size;
    await runQueuedJobs({ delivery: 'twice' });
    expect(sendsByNumber(campaign.id).size).toBe(atCancel);
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('CANCELADA');

    await restartCampaign(campaign.companyId, campaign.id);
    await restartCampaign(campaign.companyId, campaign.id); // a second click, a retried request
    await runQueuedJobs({ delivery: 'twice' });

    expectOneEach(campaign, contacts);
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({ planned: 12, delivered: 12 });
  });

  it.each(['dispatch', 'outbound'] as const)(
    'loses nobody and sends nobody twice when the %s queue fails in the middle of steps',
    async (queue) => {
      const contacts = testContacts(8);
      const campaign = await campaignOver(contacts);
      await startCampaign(campaign);
      let failed = 0;
      await runQueuedJobs({
        onJob: async () => {
          // every third step, the next send to that queue fails (after the step's claim)
          if (++failed % 3 === 0) fakeQueues.failures[queue] = 1;
        },
      });
      expectOneEach(campaign, contacts);
      expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
      expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({ planned: 8, delivered: 8 });
    },
  );

  it('holds a connection at its daily cap until the next UTC day', async () => {
    vi.setSystemTime(Date.parse('2026-05-10T22:00:00Z'));
    const contacts = testContacts(5);
    const settings = { ...PACED, messageInterval: 0, longerIntervalAfter: 0, dailyCapPerConnection: 3 } as CampaignSettings;
    const campaign = await campaignOver(
      contacts,
      { whatsappIds: [connections[0]!.id], scheduledAt: new Date().toISOString() },
      settings,
    );
    await startCampaign(campaign);
    await runQueuedJobs();
    expect(sendsByNumber(campaign.id).size).toBe(3);
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('EM_ANDAMENTO');

    const midnight = Date.parse('2026-05-11T00:00:00Z');
    vi.setSystemTime(midnight + 1000);
    await advanceTickCursor(epochMinute(new Date(midnight)) - 1);
    await runTick(new Date());
    await runQueuedJobs();

    expectOneEach(campaign, contacts);
    const day2 = fakeQueues.outbound.filter(
      (o) => o.command.commandId.startsWith(`campaign:${campaign.id}:`) && o.at >= midnight,
    );
    expect(day2).toHaveLength(2);
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
  });

  it('asks first when confirmation is on, and sends the main message once when the contact answers', async () => {
    const contacts = testContacts(3);
    const campaign = await confirmationCampaign(contacts);
    await startCampaign(campaign);
    await runQueuedJobs();
    const asked = sendsByNumber(campaign.id);
    expect(asked.size).toBe(3);
    for (const c of contacts)
      expect(asked.get(c.number)!.map((s) => s.type === 'message.send' && s.text)).toEqual([
        `Posso enviar a oferta, ${c.name}?`,
      ]);

    const answer = contactSays(contacts[0]!.number);
    await deliverInbound(answer);
    await deliverInbound(answer); // SQS redelivery of the same message
    await deliverInbound(contactSays(contacts[0]!.number)); // and a second message

    const after = sendsByNumber(campaign.id);
    expect(after.get(contacts[0]!.number)!.map((s) => s.commandId)).toEqual([
      expect.stringMatching(/:confirm$/),
      expect.stringMatching(/:main$/),
    ]);
    const main = after.get(contacts[0]!.number)![1]!;
    expect(main.type === 'message.send' && main.text).toBe(`Oferta para ${contacts[0]!.name}`);
    expect(after.get(contacts[1]!.number)).toHaveLength(1);
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({
      validContacts: 3,
      confirmationRequested: 3,
      confirmed: 1,
      delivered: 1,
    });
  });

  it('sends the main message to a contact who answers before the engine recorded its request, once', async () => {
    const contacts = testContacts(3);
    const campaign = await confirmationCampaign(contacts);
    // Each contact answers the moment its request is queued: before the pacer moves its shipping to
    // confirmationRequested (a crash or a slow write there leaves that window open for a whole redelivery).
    const answered = new Set<string>();
    fakeQueues.afterOutbound = async (command) => {
      const number = command.type === 'message.send' ? command.to.split('@')[0]! : '';
      if (!command.commandId.endsWith(':confirm') || answered.has(number)) return;
      answered.add(number); // a person answers once (the request queued again as a repeat is the same request)
      await deliverInbound(contactSays(number));
    };
    await startCampaign(campaign);
    await runQueuedJobs();

    // The answer completes the request the pacer had queued, under the same command id: SQS drops the
    // copy (a FIFO queue's deduplication id, 5 minutes), so the phone shows each id once, the request first.
    const sends = sendsByNumber(campaign.id);
    for (const c of contacts) {
      const ids = [...new Set(sends.get(c.number)?.map((s) => s.commandId))];
      expect({ number: c.number, parts: ids.map((id) => id.split(':').pop()) }).toEqual({
        number: c.number,
        parts: ['confirm', 'main'],
      });
    }
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({
      validContacts: 3,
      confirmationRequested: 3,
      confirmed: 3,
      delivered: 3,
    });
  });

  it('records no message and opens no ticket for the echo of a campaign send', async () => {
    const number = testContacts(1)[0]!.number;
    const commandId = shippingCommandId({ campaignId: '01JCAMPAIGN', connIndex: 0, position: 0, id: 'item-1' }, 'main');
    const echo: ChannelEvent = {
      ...contactSays(number),
      type: 'message.sent',
      message: { ...contactSays(number).message, fromMe: true, clientMessageId: commandId } as never,
    } as ChannelEvent;
    await deliverInbound(echo);
    expect(await findContactIdByKey(tenant.company.id, 'number', number)).toBeUndefined();
  });

  it('answers the report only to the campaign company', async () => {
    const contacts = testContacts(2);
    const campaign = await campaignOver(contacts);
    await startCampaign(campaign);
    await runQueuedJobs();
    const own = await apiCall('campaigns', 'GET', `/campaigns/{id}/report`, {
      token: tenant.admin.token,
      pathParameters: { id: campaign.id },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ campaign: { id: campaign.id, status: 'FINALIZADA' }, validContacts: 2, delivered: 2 });
    const stranger = await apiCall('campaigns', 'GET', `/campaigns/{id}/report`, {
      token: other.admin.token,
      pathParameters: { id: campaign.id },
    });
    expect(stranger.status).toBe(404);
  });
});

let externalSeq = 0;
function contactSays(number: string): Extract<ChannelEvent, { type: 'message.received' }> {
  const externalId = `3EB0CAMP${Date.now()}${++externalSeq}`;
  return {
    eventId: `msg:${connections[0]!.id}:${externalId}`,
    companyId: tenant.company.id,
    connectionId: connections[0]!.id,
    occurredAt: new Date().toISOString(),
    type: 'message.received',
    message: {
      externalId,
      fromMe: false,
      isGroup: false,
      body: 'Sim',
      timestamp: new Date().toISOString(),
      contact: { jid: `${number}@s.whatsapp.net`, number },
    },
  };
}

async function deliverInbound(event: ChannelEvent) {
  const result = await inbound(sqsEvent([{ body: JSON.stringify(event), groupId: `${event.connectionId}:x` }]));
  expect(result.batchItemFailures).toEqual([]);
}
