/** Issue 30 item 18: a deleted ticket's messages, search entries and notes are swept in the background. */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddb, tableName } from '../src/data/client';
import type { DueJob } from '../src/data/due-work';
import { getMessageRef, queryTicketMessages } from '../src/data/messages';
import { queryIndex } from '../src/data/search-index';
import { listTicketNotes } from '../src/data/ticket-notes';
import { runTicketSweep, TICKET_SWEEP_JOB } from '../src/domain/tickets/sweep-deleted-ticket';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  listTickets,
  newNumber,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

/** The sweep entries on the due index for a ticket (a test-only scan of this file's own table). */
async function sweepJobs(ticketId: string): Promise<DueJob[]> {
  const out = await ddb().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'SK = :sk',
      ExpressionAttributeValues: { ':sk': `${w.cid}#${TICKET_SWEEP_JOB}#${ticketId}` },
    }),
  );
  return (out.Items ?? []).map((i) => ({
    companyId: String(i.companyId),
    jobType: String(i.jobType),
    jobId: String(i.jobId),
    dueAt: String(i.dueAt),
  }));
}

const indexedOwners = async (word: string) =>
  (await queryIndex('TIX', w.cid, word, { limit: 100 })).ownerIds.map((o) => o.ownerId);

describe('sweeping a deleted ticket', () => {
  it('deletes its messages, their references and search entries, and its notes, in bounded runs; others stay', async () => {
    const gone = newNumber();
    const kept = newNumber();
    await customerSays(w, { number: gone, name: 'Cliente Apagado', body: 'Girassol amarelo' });
    await customerSays(w, { number: gone, name: 'Cliente Apagado', body: 'Orquídea azul' });
    await customerSays(w, { number: gone, name: 'Cliente Apagado', body: 'Girassol de novo' });
    await customerSays(w, { number: kept, name: 'Cliente Mantido', body: 'Girassol também' });
    const ticket = (await ticketOf(w, gone))!;
    const other = (await ticketOf(w, kept))!;
    const conversation = await apiCall('messages', 'GET', '/messages/{id}', {
      token: w.admin.token,
      pathParameters: { id: ticket.id },
    });
    const messageIds: string[] = conversation.body.messages.map((m: { id: string }) => m.id);
    expect(messageIds).toHaveLength(3);
    const note = await apiCall('tickets', 'POST', '/ticket-notes', {
      token: w.admin.token,
      body: { ticketId: ticket.id, note: 'Cliente pediu retorno' },
    });
    expect(note.status).toBe(201);
    expect(await indexedOwners('orquidea')).toEqual([ticket.id]);

    const deleted = await apiCall('tickets', 'DELETE', '/tickets/{id}', {
      token: w.admin.token,
      pathParameters: { id: ticket.id },
    });
    expect(deleted.status).toBe(204);
    const [job] = await sweepJobs(ticket.id);
    expect(job).toMatchObject({ companyId: w.cid, jobType: TICKET_SWEEP_JOB, jobId: ticket.id });

    // A bounded run stops with work left and queues its continuation.
    const first = await runTicketSweep(job!, { messagesPerRun: 2, messagesPerPage: 1 });
    expect(first).toMatchObject({ messages: 2, done: false });
    expect((await sweepJobs(ticket.id)).length).toBeGreaterThanOrEqual(1);
    expect((await queryTicketMessages(w.cid, ticket.id, { limit: 10 })).messages).toHaveLength(1);

    const second = await runTicketSweep(job!);
    expect(second).toMatchObject({ messages: 1, notes: 1, done: true });
    expect((await queryTicketMessages(w.cid, ticket.id, { limit: 10 })).messages).toEqual([]);
    for (const id of messageIds) expect(await getMessageRef(w.cid, id)).toBeUndefined();
    expect(await listTicketNotes(w.cid, ticket.id)).toEqual([]);
    expect(await indexedOwners('orquidea')).toEqual([]);
    expect(await indexedOwners('girassol')).toEqual([other.id]);

    // At-least-once: running it again finds nothing to do.
    expect(await runTicketSweep(job!)).toEqual({ messages: 0, notes: 0, done: true });
    // The other ticket is whole.
    expect((await queryTicketMessages(w.cid, other.id, { limit: 10 })).messages).toHaveLength(1);
    expect((await listTickets(w.admin.token, { searchParam: 'girassol' })).tickets.map((t) => t.id)).toEqual([other.id]);
  });

  it('touches nothing for a ticket that exists', async () => {
    const number = newNumber();
    await customerSays(w, { number, name: 'Cliente Vivo', body: 'Margarida' });
    const ticket = (await ticketOf(w, number))!;
    const job: DueJob = { companyId: w.cid, jobType: TICKET_SWEEP_JOB, jobId: ticket.id, dueAt: new Date().toISOString() };
    expect(await runTicketSweep(job)).toEqual({ messages: 0, notes: 0, done: true });
    expect((await queryTicketMessages(w.cid, ticket.id, { limit: 10 })).messages).toHaveLength(1);
  });
});
