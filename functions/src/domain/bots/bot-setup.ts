/**
 * What the bots read for one connection: its messages and queues (menu order), each queue's option
 * tree and business hours, and the company's time zone, hours and bot settings. Loaded only while a
 * ticket is in the bot phase (pending, nobody assigned), so tickets people work on cost nothing here.
 * The company's part (company, settings, queues and their option trees: 3 reads plus one per queue)
 * is cached per process for a few seconds, like the connection and the ticket settings: a customer
 * answering the menu in several messages would otherwise pay them on every one; an admin's change to
 * queues, options, hours or settings applies within 5 s (docs/decisions.md "Bot setup cache").
 */
import { DEFAULT_QUEUE_SCHEDULES, DEFAULT_TIME_ZONE, isSettingOn } from '@atende/shared';
import { getCompany } from '../../data/companies';
import type { ConnectionRecord } from '../../data/connections';
import { getQueueOptionTree, type QueueOptionNode } from '../../data/queue-options';
import { listQueues } from '../../data/queues';
import { listSettings } from '../../data/settings';
import { ttlCache } from '../../data/ttl-cache';
import type { BotConnection, BotQueueOption, BotSettings } from './bot-types';
import { DEFAULT_COMPANY_HOURS, type BusinessHoursEntry } from './business-hours';

const toOption = (n: QueueOptionNode): BotQueueOption => ({
  id: n.id,
  title: n.title,
  message: n.message,
  option: n.option,
  children: n.children.map(toOption),
});

export async function loadBotSetup(
  connection: ConnectionRecord,
): Promise<{ connection: BotConnection; settings: BotSettings }> {
  const queueIds = connection.queueIds ?? [];
  const key = `${connection.companyId}#${queueIds.join(',')}`;
  const { queues, settings } = await companySetups.get(key, () => loadCompanySetup(connection.companyId, queueIds));
  return {
    connection: {
      greetingMessage: connection.greetingMessage ?? '',
      complationMessage: connection.complationMessage ?? '',
      outOfHoursMessage: connection.outOfHoursMessage ?? '',
      ratingMessage: connection.ratingMessage ?? '',
      queues,
    },
    settings,
  };
}

/** The company's part of a bot setup, for the connection's queues (in menu order). */
interface CompanyBotSetup {
  queues: BotConnection['queues'];
  settings: BotSettings;
}

const companySetups = ttlCache<CompanyBotSetup>(5_000);

/** Tests change queues, options and settings and want them applied at once. */
export const forgetBotSetups = () => companySetups.forget();

async function loadCompanySetup(cid: string, queueIds: readonly string[]): Promise<CompanyBotSetup> {
  const [company, settings, companyQueues] = await Promise.all([getCompany(cid), listSettings(cid), listQueues(cid)]);
  const setting = (key: string) => settings.find((s) => s.key === key)?.value;
  const wanted = new Set(queueIds);
  const queues = companyQueues.filter((q) => wanted.has(q.id));
  const trees = await Promise.all(queues.map((q) => getQueueOptionTree(cid, q.id)));
  const scheduleType = setting('scheduleType');
  const companyHours: BusinessHoursEntry[] | undefined = company?.schedules;
  return {
    queues: queues.map((q, i) => ({
      id: q.id,
      name: q.name,
      greetingMessage: q.greetingMessage,
      outOfHoursMessage: q.outOfHoursMessage,
      schedules: q.schedules ?? [...DEFAULT_QUEUE_SCHEDULES],
      options: trees[i]!.map(toOption),
    })),
    settings: {
      timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
      scheduleType: scheduleType === 'company' || scheduleType === 'queue' ? scheduleType : 'disabled',
      companyHours: companyHours ?? [...DEFAULT_COMPANY_HOURS],
      userRating: isSettingOn(setting('userRating')),
    },
  };
}
