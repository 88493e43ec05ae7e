/** Issue 9: auto-transfer and auto-close through the due-work index (no sweep over open tickets). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/data/client';
import { epochMinute, listDueJobs } from '../src/data/due-work';
import { AUTO_CLOSE_JOB, AUTO_TRANSFER_JOB, runAutoClose, runAutoTransfer } from '../src/domain/bots/ticket-timers';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  newNumber,
  setCompanySetting,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  const updated = await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
    token: w.admin.token,
    pathParameters: { id: w.connection.id },
    body: {
      name: w.connection.name,
      queueIds: [w.queueA.id, w.queueB.id],
      timeToTransfer: 5,
      transferQueueId: w.queueB.id,
      greetingMessage: 'Escolha:',
    },
  });
  if (updated.status !== 200) throw new Error(`connection update: ${updated.status} ${JSON.stringify(updated.body)}`);
  await setCompanySetting(w, 'autoCloseTicketsMinutes', '30');
});
afterAll(async () => {
  await queues?.stop();
});

const job = (jobType: string, ticketId: string) => ({
  companyId: w.cid,
  jobType,
  jobId: ticketId,
  dueAt: new Date().toISOString(),
});
const dueIn = async (jobType: string, ticketId: string, minutesAhead: number) =>
  (await listDueJobs(epochMinute(new Date(Date.now() + minutesAhead * 60_000)))).some(
    (j) => j.jobType === jobType && j.jobId === ticketId,
  );

describe('ticket timers', () => {
  it('indexes both timers when a customer opens a ticket, and transfers an unaccepted ticket', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const ticket = (await ticketOf(w, number))!;
    expect(await dueIn(AUTO_TRANSFER_JOB, ticket.id, 5)).toBe(true);
    expect(await dueIn(AUTO_CLOSE_JOB, ticket.id, 30)).toBe(true);

    await runAutoTransfer(job(AUTO_TRANSFER_JOB, ticket.id));
    await runAutoTransfer(job(AUTO_TRANSFER_JOB, ticket.id));
    expect((await ticketOf(w, number))!).toMatchObject({ status: 'pending', queueId: w.queueB.id });
  });

  it('re-schedules an early auto-close and closes an idle ticket with the inactivity message once', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const ticket = (await ticketOf(w, number))!;

    await runAutoClose(job(AUTO_CLOSE_JOB, ticket.id));
    expect((await ticketOf(w, number))!.status).toBe('pending');

    const longAgo = new Date(Date.now() - 31 * 60_000).toISOString();
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `C#${w.cid}#TICKET#${ticket.id}`, SK: 'TICKET' },
        UpdateExpression: 'SET lastMessageAt = :t',
        ExpressionAttributeValues: { ':t': longAgo },
      }),
    );
    await runAutoClose(job(AUTO_CLOSE_JOB, ticket.id));
    await runAutoClose(job(AUTO_CLOSE_JOB, ticket.id));
    expect((await ticketOf(w, number))!.status).toBe('closed');
    const messages = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticket.id } })
    ).body.messages as { body: string }[];
    expect(messages.filter((m) => m.body.includes('encerrado por inatividade'))).toHaveLength(1);
  });
});
