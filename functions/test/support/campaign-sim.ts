/**
 * Runs the campaign engine's dispatch jobs on a fake clock (Date only; the SDKs keep real timers):
 * the earliest visible job runs next, with the clock set to when it became visible. With the fake
 * queues (fake-queues.ts), a 100-contact campaign paced at 20 s runs in a second of real time.
 */
import { ulid } from 'ulid';
import { monotonicUlid } from '@atende/shared/ids';
import { vi } from 'vitest';
import type { OutboundCommand } from '@atende/shared';
import { insertCampaign, type CampaignRecord } from '../../src/data/campaigns';
import { insertContactList } from '../../src/data/contact-lists';
import {
  contactListItemId,
  insertContactListItems,
  ITEMS_PER_INSERT,
  type ContactListItemRecord,
} from '../../src/data/contact-list-items';
import { runDispatchJob } from '../../src/domain/scheduler/dispatch-job';
import { jobHandlerIn, type JobTable } from '../../src/domain/scheduler/job-table';
import { platformJobs } from '../../src/handlers/dispatch/job-table';
import { fakeQueues, type QueuedJob } from './fake-queues';

/** The dispatch queue's visibility timeout (manifest). */
const VISIBILITY_MS = 120_000;

export type Delivery = 'once' | 'twice' | 'concurrent-twice';

let simulatedJobs: JobTable = platformJobs();

/** The job table the simulated dispatch queue runs (a test file's own planning page size or status listener). */
export function useSimulatedJobs(jobs: JobTable): void {
  simulatedJobs = jobs;
}

/** Runs queued jobs until none is left (or `until` says stop, or `maxJobs`). Answers how many ran. */
export async function runQueuedJobs(
  options: { delivery?: Delivery; until?: () => boolean; maxJobs?: number; onJob?: (q: QueuedJob) => Promise<void> } = {},
): Promise<number> {
  let ran = 0;
  const max = options.maxJobs ?? 100_000;
  while (fakeQueues.dispatch.length && ran < max && !options.until?.()) {
    fakeQueues.dispatch.sort((a, b) => a.visibleAt - b.visibleAt);
    const next = fakeQueues.dispatch.shift()!;
    if (next.visibleAt > Date.now()) vi.setSystemTime(next.visibleAt);
    try {
      await deliver(next, options.delivery ?? 'once');
    } catch {
      // The Lambda failed: SQS delivers the same message again after the visibility timeout.
      fakeQueues.dispatch.push({ job: next.job, visibleAt: Date.now() + VISIBILITY_MS });
    }
    await options.onJob?.(next);
    ran++;
  }
  return ran;
}

/** 'twice': the message is delivered again after it ran (the job-run marker is bypassed: the handler itself runs twice). */
async function deliver(q: QueuedJob, delivery: Delivery): Promise<void> {
  if (delivery === 'once') return runDispatchJob(q.job, simulatedJobs);
  const handler = jobHandlerIn(simulatedJobs, q.job.jobType)!;
  if (delivery === 'twice') {
    await handler(q.job);
    await handler(q.job);
    return;
  }
  const results = await Promise.allSettled([handler(q.job), handler(q.job)]);
  // A concurrent copy may find the step held by the other (planning throws so SQS retries it later).
  if (results.every((r) => r.status === 'rejected')) throw (results[0] as PromiseRejectedResult).reason;
  if (results.some((r) => r.status === 'rejected'))
    fakeQueues.dispatch.push({ job: q.job, visibleAt: Date.now() + 120_000 });
}

/** The message.send commands queued so far, per recipient number (the simulated phones' inboxes before host dedup). */
export function sendsByNumber(campaignId?: string): Map<string, OutboundCommand[]> {
  const by = new Map<string, OutboundCommand[]>();
  for (const { command } of fakeQueues.outbound) {
    if (command.type !== 'message.send') continue;
    if (campaignId && !command.commandId.startsWith(`campaign:${campaignId}:`)) continue;
    const number = command.to.split('@')[0]!;
    by.set(number, [...(by.get(number) ?? []), command]);
  }
  return by;
}

export interface TestContact {
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
}

let counter = 0;
export const testNumber = () => `5511${String(Date.now() % 1e5).padStart(5, '0')}${String(++counter).padStart(4, '0')}`;

export function testContacts(n: number, invalidEvery = 0): TestContact[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Cliente ${i + 1}`,
    number: testNumber(),
    email: `cliente${i + 1}@example.com`,
    isWhatsappValid: invalidEvery > 0 && (i + 1) % invalidEvery === 0 ? false : true,
  }));
}

/** A contact list holding `contacts`, in that order. */
export async function createTestList(companyId: string, contacts: TestContact[]): Promise<string> {
  const id = ulid();
  const at = new Date().toISOString();
  await insertContactList({ id, companyId, name: `LISTA ${id.slice(-6)}`, createdAt: at, updatedAt: at }, 1000);
  const items: ContactListItemRecord[] = contacts.map((c) => ({
    id: contactListItemId(id, monotonicUlid()), // creation order = list order
    companyId,
    contactListId: id,
    ...c,
    createdAt: at,
    updatedAt: at,
  }));
  for (let i = 0; i < items.length; i += ITEMS_PER_INSERT)
    await insertContactListItems(items.slice(i, i + ITEMS_PER_INSERT), 1_000_000);
  return id;
}

/** A PROGRAMADA campaign due now over `whatsappIds`. */
export async function createTestCampaign(
  companyId: string,
  fields: Partial<CampaignRecord> & Pick<CampaignRecord, 'whatsappIds' | 'contactListId'>,
): Promise<CampaignRecord> {
  const at = new Date().toISOString();
  const campaign: CampaignRecord = {
    id: ulid(),
    companyId,
    name: 'Campanha teste',
    status: 'PROGRAMADA',
    message1: 'Olá {nome}, oferta 1',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    confirmation: false,
    confirmationMessage1: '',
    confirmationMessage2: '',
    confirmationMessage3: '',
    confirmationMessage4: '',
    confirmationMessage5: '',
    tagListId: null,
    scheduledAt: at,
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    mediaMimetype: null,
    searchTokens: [],
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
  await insertCampaign(campaign);
  return campaign;
}
