/**
 * Tag campaigns (issue 27 item 3 follow-up): the target is the distinct contacts of the company's
 * tickets carrying the tag, read through the index kept beside each ticket's tag set (AP-TG4), with
 * tags set and removed through the real `POST /tags/sync` and `DELETE /tickets/{id}`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionDto, TagDto } from '@atende/shared';
import { findContactIdByKey } from '../src/data/contacts';
import { getCampaign } from '../src/data/campaigns';
import { getTaggedBackfill, listTaggedTicketsPage, unindexTicketTags } from '../src/data/tagged-tickets';
import { putSetting } from '../src/data/settings';
import { getConversation, getTicket } from '../src/data/tickets';
import { campaignFigures } from '../src/domain/campaign-sending/report';
import {
  BACKFILL_STALL_MS,
  runTaggedBackfill,
  TAGGED_BACKFILL_JOB,
  taggedBackfillJob,
  taggedIndexReady,
} from '../src/domain/campaign-sending/tagged-backfill';
import { apiCall } from './support/api-event';
import {
  campaignOverList,
  customerWrites,
  deliverInbound,
  newConnection,
  startCampaign,
  useCampaignStage,
  type Tenant,
} from './support/campaign-engine';
import { runQueuedJobs, sendsByNumber, testNumber } from './support/campaign-sim';
import { fakeQueues } from './support/fake-queues';
import { createTestTenant } from './support/tenancy-fixtures';

vi.mock('../src/platform/queues', async (original) =>
  (await import('./support/fake-queues')).withFakeSends(await original<object>()),
);

// pages of 3 index entries: a contact's two tickets fall on both sides of a page boundary
const stage = useCampaignStage({ planPageSize: 3 });

async function newTag(t: Tenant, name: string): Promise<TagDto> {
  const res = await apiCall('tickets', 'POST', '/tags', { token: t.admin.token, body: { name } });
  expect(res.status).toBe(201);
  return res.body as TagDto;
}

/** The customer's ticket on `connection` (opened by writing in when missing). */
async function ticketOf(t: Tenant, connection: ConnectionDto, number: string, isGroup = false): Promise<string> {
  const cid = t.company.id;
  let contactId = await findContactIdByKey(cid, 'number', number);
  if (!contactId || !(await getConversation(cid, connection.id, contactId))) {
    await deliverInbound(customerWrites(cid, connection.id, number, { isGroup, body: 'Olá', name: `Cliente ${number}` }));
    contactId = await findContactIdByKey(cid, 'number', number);
  }
  const pointer = await getConversation(cid, connection.id, contactId!);
  if (!pointer) throw new Error(`no ticket of ${number}`);
  return pointer.ticketId;
}

async function tagTicket(t: Tenant, ticketId: string, tags: string[]) {
  const res = await apiCall('tickets', 'POST', '/tags/sync', { token: t.admin.token, body: { ticketId, tags } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function tagCampaign(t: Tenant, tagId: string, whatsappIds: string[]) {
  return campaignOverList(t.company.id, [], { whatsappIds, contactListId: null, tagListId: tagId });
}

/** Every entry of the tag's index, page after page. */
async function indexOf(companyId: string, tagId: string) {
  const all: { contactId: string; ticketId: string }[] = [];
  let after: string | undefined;
  do {
    const page = await listTaggedTicketsPage(companyId, tagId, { after, limit: 2 });
    all.push(...page.entries);
    after = page.last;
  } while (after);
  return all;
}

describe('tag campaigns', () => {
  it("send once to each distinct contact of the tag's tickets, and to no one else", async () => {
    const { tenant, connections } = stage;
    const [hot, cold] = [await newTag(tenant, 'Quentes'), await newTag(tenant, 'Frios')];
    const tagged = Array.from({ length: 7 }, () => testNumber());
    for (const [i, number] of tagged.entries()) {
      await tagTicket(tenant, await ticketOf(tenant, connections[0]!, number), [hot.id]);
      // the first four also have a tagged ticket on the second connection: one shipping each all the same
      if (i < 4) await tagTicket(tenant, await ticketOf(tenant, connections[1]!, number), [hot.id, cold.id]);
    }
    const [untagged, deleted, otherTag] = [testNumber(), testNumber(), testNumber()];
    const group = `1203631${testNumber().slice(-8)}`;
    const untaggedTicket = await ticketOf(tenant, connections[0]!, untagged);
    await tagTicket(tenant, untaggedTicket, [hot.id]);
    await tagTicket(tenant, untaggedTicket, [cold.id]);
    const deletedTicket = await ticketOf(tenant, connections[0]!, deleted);
    await tagTicket(tenant, deletedTicket, [hot.id]);
    const removed = await apiCall('tickets', 'DELETE', '/tickets/{id}', {
      token: tenant.admin.token,
      pathParameters: { id: deletedTicket },
    });
    expect(removed.status).toBeLessThan(300);
    await tagTicket(tenant, await ticketOf(tenant, connections[0]!, otherTag), [cold.id]);
    await putSetting(tenant.company.id, 'CheckMsgIsGroup', 'disabled'); // groups open tickets
    await tagTicket(tenant, await ticketOf(tenant, connections[0]!, group, true), [hot.id]);

    const entries = await indexOf(tenant.company.id, hot.id);
    expect(entries).toHaveLength(11); // 7 + 4 tickets; untagged, deleted and group ones are not indexed
    expect(entries.map((e) => e.ticketId)).not.toContain(untaggedTicket);
    expect(entries.map((e) => e.ticketId)).not.toContain(deletedTicket);

    const campaign = await tagCampaign(
      tenant,
      hot.id,
      connections.map((c) => c.id),
    );
    await startCampaign(campaign);
    await runQueuedJobs();

    const sends = sendsByNumber(campaign.id);
    expect([...sends.keys()].sort()).toEqual([...tagged].sort());
    for (const [number, commands] of sends) expect({ number, count: commands.length }).toEqual({ number, count: 1 });
    const first = sends.get(tagged[0]!)![0]!;
    expect(first.type === 'message.send' && first.text).toBe(`Olá Cliente ${tagged[0]}, oferta 1`);
    expect(await campaignFigures(campaign.companyId, campaign.id)).toMatchObject({
      validContacts: 7,
      planned: 7,
      delivered: 7,
      failed: 0,
    });
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
  });

  it("never reaches another company's tagged contacts", async () => {
    const { tenant, other, connections } = stage;
    const ours = await newTag(tenant, 'Vip');
    const ourNumber = testNumber();
    await tagTicket(tenant, await ticketOf(tenant, connections[0]!, ourNumber), [ours.id]);
    const theirConnection = await newConnection(other);
    const theirs = await newTag(other, 'Vip');
    const theirNumber = testNumber();
    await tagTicket(other, await ticketOf(other, theirConnection, theirNumber), [theirs.id]);

    // a campaign naming the other company's tag (the API refuses it; the engine reads under its own company)
    const stray = await tagCampaign(other, ours.id, [theirConnection.id]);
    const own = await tagCampaign(other, theirs.id, [theirConnection.id]);
    await startCampaign(stray);
    await startCampaign(own);
    await runQueuedJobs();

    expect(sendsByNumber(stray.id).size).toBe(0);
    expect(await campaignFigures(other.company.id, stray.id)).toMatchObject({ validContacts: 0 });
    expect([...sendsByNumber(own.id).keys()]).toEqual([theirNumber]);
    expect((await getCampaign(other.company.id, stray.id))!.status).toBe('FINALIZADA');
  });
});

/** A company with campaigns and two connections, made inside a test (its backfill has not run yet). */
async function freshTenant() {
  const tenant = await createTestTenant({
    settings: [{ key: 'campaignsEnabled', value: 'true' }],
    planLimits: { connections: 5 },
  });
  return { tenant, connections: [await newConnection(tenant), await newConnection(tenant)] };
}

/** Tickets tagged as before the index existed: tagged through the API, then their entries taken off. */
async function taggedBeforeTheIndex(t: Tenant, connections: ConnectionDto[], tagId: string, numbers: string[]) {
  const ticketIds: string[] = [];
  for (const [i, number] of numbers.entries()) {
    ticketIds.push(await ticketOf(t, connections[0]!, number));
    if (i % 2 === 0) ticketIds.push(await ticketOf(t, connections[1]!, number)); // some contacts have two tickets
  }
  for (const id of ticketIds) await tagTicket(t, id, [tagId]);
  for (const id of ticketIds) {
    const ticket = (await getTicket(t.company.id, id))!;
    await unindexTicketTags(ticket, ticket.tagIds);
  }
  expect(await indexOf(t.company.id, tagId)).toEqual([]);
  return ticketIds;
}

describe('tagged-ticket index backfill (tickets tagged before the index existed)', () => {
  it('a tag campaign waits for the backfill and then reaches every contact tagged before, once each', async () => {
    const { tenant, connections } = await freshTenant();
    const tag = await newTag(tenant, 'Antigos');
    const numbers = Array.from({ length: 5 }, () => testNumber());
    const ticketIds = await taggedBeforeTheIndex(tenant, connections, tag.id, numbers);
    // another company's old tagged ticket stays out of this company's pass
    const { other } = stage;
    const theirTag = await newTag(other, 'Antigos');
    await taggedBeforeTheIndex(other, [await newConnection(other), await newConnection(other)], theirTag.id, [testNumber()]);

    const campaign = await tagCampaign(
      tenant,
      tag.id,
      connections.map((c) => c.id),
    );
    await startCampaign(campaign);
    await runQueuedJobs();

    expect((await getTaggedBackfill(tenant.company.id))?.done).toBe(true);
    expect((await indexOf(tenant.company.id, tag.id)).map((e) => e.ticketId).sort()).toEqual([...ticketIds].sort());
    expect(await indexOf(other.company.id, theirTag.id)).toEqual([]);
    const sends = sendsByNumber(campaign.id);
    expect([...sends.keys()].sort()).toEqual([...numbers].sort());
    for (const [number, commands] of sends) expect({ number, count: commands.length }).toEqual({ number, count: 1 });
    expect((await getCampaign(campaign.companyId, campaign.id))!.status).toBe('FINALIZADA');
  });

  it('goes a page of contacts per job, advances once per step under redelivery, and resumes a lost step', async () => {
    const { tenant, connections } = await freshTenant();
    const cid = tenant.company.id;
    const tag = await newTag(tenant, 'Retomada');
    const ticketIds = await taggedBeforeTheIndex(
      tenant,
      connections,
      tag.id,
      Array.from({ length: 5 }, () => testNumber()),
    );
    fakeQueues.reset();
    const options = { contactsPerRun: 2, ticketsPerQuery: 1 };
    const queuedRuns = () =>
      fakeQueues.dispatch
        .filter((q) => q.job.jobType === TAGGED_BACKFILL_JOB && q.job.companyId === cid)
        .map((q) => q.job.jobId);

    expect(await taggedIndexReady(cid)).toBe(false); // the first caller starts the pass
    expect(await taggedIndexReady(cid)).toBe(false); // a second one does not start another
    expect(queuedRuns()).toEqual(['0']);

    await runTaggedBackfill(taggedBackfillJob(cid, 0), options);
    await runTaggedBackfill(taggedBackfillJob(cid, 0), options); // redelivered: the step already ran
    expect(await getTaggedBackfill(cid)).toMatchObject({ run: 1, done: false });
    expect(queuedRuns()).toEqual(['0', '1']);
    const afterOne = (await indexOf(cid, tag.id)).length;
    expect(afterOne).toBeGreaterThan(0);
    expect(afterOne).toBeLessThan(ticketIds.length);

    // the job of step 1 is lost; once the pass has stood still long enough, the next caller queues it again
    fakeQueues.reset();
    expect(await taggedIndexReady(cid)).toBe(false);
    expect(queuedRuns()).toEqual([]);
    vi.setSystemTime(Date.now() + BACKFILL_STALL_MS);
    expect(await taggedIndexReady(cid)).toBe(false);
    expect(queuedRuns()).toEqual(['1']);

    for (let steps = 0; !(await getTaggedBackfill(cid))!.done; steps++) {
      expect(steps).toBeLessThan(10);
      await runTaggedBackfill(taggedBackfillJob(cid, (await getTaggedBackfill(cid))!.run), options);
    }
    expect((await indexOf(cid, tag.id)).map((e) => e.ticketId).sort()).toEqual([...ticketIds].sort());
    expect(await taggedIndexReady(cid)).toBe(true);
    await runTaggedBackfill(taggedBackfillJob(cid, 0), options); // a late copy of a step after the end: nothing
    expect((await indexOf(cid, tag.id)).length).toBe(ticketIds.length);
  });
});
