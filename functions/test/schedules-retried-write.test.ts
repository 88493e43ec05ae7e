/**
 * A schedule's write applied by DynamoDB whose answer is lost, then retried by the SDK (the fault
 * suite's "failed after the write" DynamoDB fault, e2e/faults): the retry meets its own item. POST
 * /schedules must answer the created schedule, once — not 409 ERR_CONFLICT for a schedule that exists.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleDto } from '@atende/shared';
import { ddb } from '../src/data/client';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  newNumber,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

const MIDDLEWARE = 'test-answer-lost-after-write';
let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
let lost = 0;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  // Inside the SDK's retry loop: the first PutItem of a schedule reaches the table, then its answer
  // is replaced by a throttling error, which the SDK retries.
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      // Marshalled by now: { status: { S: 'PENDENTE' } }.
      const item = (args.input as { Item?: { status?: { S?: string }; sendAt?: unknown } }).Item;
      if (context.commandName === 'PutItemCommand' && item?.status?.S === 'PENDENTE' && item.sendAt && lost > 0) {
        lost--;
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ThrottlingException',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
        });
      }
      return result;
    },
    { step: 'deserialize', name: MIDDLEWARE },
  );
});
afterEach(async () => {
  lost = 0;
  await queues.take('outbound-0');
  await queues.take('dispatch');
});
afterAll(async () => {
  ddb().middlewareStack.remove(MIDDLEWARE);
  await queues?.stop();
});

describe('POST /schedules when the write was applied but its answer lost', () => {
  it('answers the schedule it created, and there is one', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const ticket = (await ticketOf(w, number))!;
    const sendAt = new Date(Date.now() + 10 * 60_000).toISOString();
    lost = 1;

    const answer = await apiCall('messages', 'POST', '/schedules', {
      token: w.admin.token,
      body: { body: 'Lembrete do retorno', contactId: ticket.contactId, sendAt, ticketId: ticket.id },
    });

    expect(lost).toBe(0); // the fault happened
    expect(answer.status).toBe(201);
    const created = answer.body as ScheduleDto;
    const listed = await apiCall('messages', 'GET', '/schedules', {
      token: w.admin.token,
      query: { contactId: ticket.contactId },
    });
    const schedules = (listed.body as { schedules: ScheduleDto[] }).schedules.filter(
      (s) => s.body === 'Lembrete do retorno',
    );
    expect(schedules.map((s) => s.id)).toEqual([created.id]);
  });
});
