/**
 * What the bots read for one connection: its messages and queues (menu order), each queue's option
 * tree and business hours, and the company's time zone, hours and bot settings. Loaded only while a
 * ticket is in the bot phase (pending, nobody assigned), so tickets people work on cost nothing here.
 */
import { DEFAULT_TIME_ZONE, isSettingOn } from '@atende/shared';
import { getCompany } from '../../data/companies';
import type { ConnectionRecord } from '../../data/connections';
import { getQueueOptionTree, type QueueOptionNode } from '../../data/queue-options';
import { listQueues } from '../../data/queues';
import { listSettings } from '../../data/settings';
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
  const cid = connection.companyId;
  const [company, settings, companyQueues] = await Promise.all([getCompany(cid), listSettings(cid), listQueues(cid)]);
  const setting = (key: string) => settings.find((s) => s.key === key)?.value;
  const wanted = new Set(connection.queueIds ?? []);
  const queues = companyQueues.filter((q) => wanted.has(q.id));
  const trees = await Promise.all(queues.map((q) => getQueueOptionTree(cid, q.id)));
  const scheduleType = setting('scheduleType');
  const companyHours = (company as { schedules?: BusinessHoursEntry[] } | undefined)?.schedules;
  return {
    connection: {
      greetingMessage: connection.greetingMessage ?? '',
      complationMessage: connection.complationMessage ?? '',
      outOfHoursMessage: connection.outOfHoursMessage ?? '',
      ratingMessage: connection.ratingMessage ?? '',
      queues: queues.map((q, i) => ({
        id: q.id,
        name: q.name,
        greetingMessage: q.greetingMessage,
        outOfHoursMessage: q.outOfHoursMessage,
        schedules: (q as { schedules?: BusinessHoursEntry[] }).schedules ?? [...DEFAULT_COMPANY_HOURS],
        options: trees[i]!.map(toOption),
      })),
    },
    settings: {
      timeZone: (company as { timeZone?: string } | undefined)?.timeZone ?? DEFAULT_TIME_ZONE,
      scheduleType: scheduleType === 'company' || scheduleType === 'queue' ? scheduleType : 'disabled',
      companyHours: companyHours ?? [...DEFAULT_COMPANY_HOURS],
      userRating: isSettingOn(setting('userRating')),
    },
  };
}
