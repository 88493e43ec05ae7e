/**
 * Deleting a chat answers in O(members): the chat, memberships and unreads go at once, the messages
 * by a due job in bounded runs that chain until none is left (and a repeated run is harmless).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatDto } from '@atende/shared';
import { epochMinute, listDueJobs } from '../src/data/due-work';
import { queryChatMessages } from '../src/data/chats';
import { CHAT_PURGE_JOB, runChatPurge } from '../src/domain/chats/purge-chat-messages';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant } from './support/tenancy-fixtures';

let a: Awaited<ReturnType<typeof createTestTenant>>;
beforeAll(async () => {
  await useFreshTable();
  a = await createTestTenant();
});

const purgeJobsOf = async (chatId: string) => {
  const now = epochMinute(new Date());
  const minutes = await Promise.all([now - 1, now, now + 1].map((m) => listDueJobs(m)));
  return minutes.flat().filter((j) => j.jobType === CHAT_PURGE_JOB && j.jobId.startsWith(`${chatId}.`));
};

describe('deleting a chat with many messages', () => {
  it('removes the chat at once and its messages in chained runs', async () => {
    const users = [{ id: a.operator.user.id, name: a.operator.user.name }];
    const chat = (await apiCall('chats', 'POST', '/chats', { token: a.admin.token, body: { title: 'Longo', users } }))
      .body as ChatDto;
    for (let i = 0; i < 7; i++)
      await apiCall('chats', 'POST', '/chats/{id}/messages', {
        token: a.admin.token,
        pathParameters: { id: chat.id },
        body: { message: `m${i}` },
      });

    expect(
      (await apiCall('chats', 'DELETE', '/chats/{id}', { token: a.admin.token, pathParameters: { id: chat.id } })).status,
    ).toBe(204);
    const first = await purgeJobsOf(chat.id);
    expect(first.map((j) => j.jobId)).toEqual([`${chat.id}.0`]);
    expect((await queryChatMessages(a.company.id, chat.id, { limit: 50 })).records.length).toBe(7); // not yet: the job's work

    await runChatPurge(first[0]!, 3);
    expect((await purgeJobsOf(chat.id)).map((j) => j.jobId)).toContain(`${chat.id}.1`);
    await runChatPurge({ ...first[0]!, jobId: `${chat.id}.1` }, 3);
    await runChatPurge({ ...first[0]!, jobId: `${chat.id}.2` }, 3);
    await runChatPurge({ ...first[0]!, jobId: `${chat.id}.2` }, 3); // a redelivered run
    expect((await queryChatMessages(a.company.id, chat.id, { limit: 50 })).records.length).toBe(0);
  });
});
