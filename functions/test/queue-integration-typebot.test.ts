/**
 * Issue 26 item 7: a queue integration runs when a customer's ticket waits in its queue. A Typebot
 * integration pointed at a local fake Typebot (its v1 chat API: startChat, continueChat) drives a
 * conversation to its end; then the fake fails, and the ticket falls back to a human with a note
 * saying why (integration off for the ticket: later messages reach nobody but the operators).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { createQueueIntegrationSchema } from '@atende/shared';
import { putQueue } from '../src/data/queues';
import { getQueueIntegration, putQueueIntegration } from '../src/data/queue-integrations';
import { sealSecret } from '../src/platform/secret-box';
import { listTicketNotes } from '../src/data/ticket-notes';
import { getTicketIntegrationState, putTicketIntegrationState } from '../src/data/ticket-integrations';
import { handler as integrationJobs } from '../src/handlers/integrationjobs/index';
import { startFakeHttpServer } from './support/fake-http-server';
import { sqsEvent } from './support/local-queues';
import {
  createWorkspace,
  customerSays,
  newNumber,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

process.env.INTEGRATION_SECRET_KEY = 'test-integration-key';

const bubble = (markdown: string) => ({ id: ulid(), type: 'text', content: { type: 'markdown', markdown } });
const waitsForText = { id: 'in1', type: 'text input' };

let w: Workspace;
let integrationId = '';
let typebot: Awaited<ReturnType<typeof startFakeHttpServer>>;
let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  typebot = await startFakeHttpServer(({ path, json }) => {
    if (path === '/api/v1/typebots/atendimento/startChat')
      return { json: { sessionId: 'sess-1', messages: [bubble('Olá! Qual é o seu nome?')], input: waitsForText } };
    if (path === '/api/v1/sessions/sess-1/continueChat')
      return { json: { messages: [bubble(`Prazer, ${json.message.text}!`), bubble('Um atendente já vem.')] } };
    return { status: 404, json: { message: 'not found' } };
  });
  const integration = createQueueIntegrationSchema.parse({
    type: 'typebot',
    name: 'Typebot Atendimento',
    urlApi: typebot.url,
    typebotSlug: 'atendimento',
    typebotDelayMessage: 20,
    typebotKeywordFinish: 'sair',
  });
  const now = new Date().toISOString();
  const { tokenApiKey: _t, clientSecret: _c, ...fields } = integration;
  const id = ulid();
  integrationId = id;
  await putQueueIntegration({
    ...fields,
    id,
    companyId: w.cid,
    tokenApiKeySealed: '',
    clientSecretSealed: '',
    createdAt: now,
    updatedAt: now,
  });
  await putQueue({ ...w.queueA, integrationId: id } as Parameters<typeof putQueue>[0]);
});
afterAll(async () => {
  await typebot?.stop();
  await queues?.stop();
});

const integrationRecord = async () => (await getQueueIntegration(w.cid, integrationId))!;

/** Runs the integration jobs the inbound worker queued; answers the texts sent to the customer. */
async function runIntegrationTurns(): Promise<string[]> {
  const jobs = await queues.take('integrations');
  if (jobs.length) {
    const result = await integrationJobs(sqsEvent(jobs.map((j) => ({ body: JSON.stringify(j.body), groupId: j.groupId }))));
    expect(result.batchItemFailures).toEqual([]);
  }
  const sent = await queues.take('outbound-0');
  return sent.filter((c) => c.body.type === 'message.send').map((c) => c.body.text as string);
}

describe('a Typebot queue integration', () => {
  it('drives a conversation to its end, then falls back to a human with a note when Typebot fails', async () => {
    const number = newNumber();
    await queues.take('outbound-0');

    // Arrange/act: the customer writes; the ticket waits in queue A, whose integration is the Typebot.
    await customerSays(w, { number, name: 'Ana', body: 'Oi' });
    expect(await runIntegrationTurns()).toEqual(['Olá! Qual é o seu nome?']);
    const ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ status: 'pending', queueId: w.queueA.id, userId: null });

    await customerSays(w, { number, name: 'Ana', body: 'Ana' });
    const started = Date.now();
    expect(await runIntegrationTurns()).toEqual(['Prazer, Ana!', 'Um atendente já vem.']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20); // the integration's delay between messages
    expect(typebot.requests.map((r) => r.path)).toEqual([
      '/api/v1/typebots/atendimento/startChat',
      '/api/v1/sessions/sess-1/continueChat',
    ]);
    expect(typebot.requests[1]!.json).toMatchObject({ message: { type: 'text', text: 'Ana' } });
    // The flow ended (no input awaited): the session is over.
    expect(await getTicketIntegrationState(w.cid, ticket.id)).toMatchObject({ sessionId: null, off: false });

    // Typebot now fails: the next message falls back to a human.
    typebot.answerWith(() => ({ status: 500, json: { message: 'boom' } }));
    await customerSays(w, { number, name: 'Ana', body: 'Oi de novo' });
    expect(await runIntegrationTurns()).toEqual([]);
    const notes = await listTicketNotes(w.cid, ticket.id);
    expect(notes.map((n) => n.note)).toEqual([
      'A integração "Typebot Atendimento" falhou (HTTP 500). O atendimento foi passado para um atendente.',
    ]);
    expect(await getTicketIntegrationState(w.cid, ticket.id)).toMatchObject({ off: true, offReason: 'HTTP 500' });
    expect(await ticketOf(w, number)).toMatchObject({ status: 'pending', userId: null, queueId: w.queueA.id });

    // The integration stays off for this ticket: Typebot is not asked again.
    const asked = typebot.requests.length;
    await customerSays(w, { number, name: 'Ana', body: 'Alguém aí?' });
    expect(await runIntegrationTurns()).toEqual([]);
    expect(typebot.requests.length).toBe(asked);
  });

  it('a redelivered job sends the same replies once and does not ask Typebot again', async () => {
    typebot.answerWith(({ path }) =>
      path.endsWith('/startChat')
        ? { json: { sessionId: 'sess-2', messages: [bubble('Bem-vindo!')], input: waitsForText } }
        : { status: 404 },
    );
    const number = newNumber();
    await customerSays(w, { number, body: 'Olá' });
    const jobs = await queues.take('integrations');
    expect(jobs).toHaveLength(1);
    const record = { body: JSON.stringify(jobs[0]!.body), groupId: jobs[0]!.groupId };
    const asked = typebot.requests.length;
    await integrationJobs(sqsEvent([record]));
    await integrationJobs(sqsEvent([record]));
    expect(typebot.requests.length).toBe(asked + 1);
    const sent = (await queues.take('outbound-0')).filter((c) => c.body.type === 'message.send');
    // SQS drops the repeated command id (FIFO deduplication); the message is recorded once either way.
    expect(new Set(sent.map((c) => c.body.clientMessageId)).size).toBe(1);
    expect(sent[0]!.body.text).toBe('Bem-vindo!');
  });

  it('the finish keyword hands the ticket to a human without a failure note', async () => {
    typebot.answerWith(({ path }) =>
      path.endsWith('/startChat')
        ? { json: { sessionId: 'sess-3', messages: [bubble('Oi!')], input: waitsForText } }
        : { json: { messages: [bubble('continua')], input: waitsForText } },
    );
    const number = newNumber();
    await customerSays(w, { number, body: 'Olá' });
    expect(await runIntegrationTurns()).toEqual(['Oi!']);
    await customerSays(w, { number, body: 'SAIR' });
    expect(await runIntegrationTurns()).toEqual([]);
    const ticket = (await ticketOf(w, number))!;
    expect(await getTicketIntegrationState(w.cid, ticket.id)).toMatchObject({ off: true, offReason: 'finish keyword' });
    expect(await listTicketNotes(w.cid, ticket.id)).toEqual([]);
  });

  it('the restart keyword starts over with the restart message; an expired session starts a new chat', async () => {
    let sessions = 0;
    typebot.answerWith(({ path, json }) => {
      if (path.endsWith('/startChat'))
        return { json: { sessionId: `s-${++sessions}`, messages: [bubble(`início ${sessions}`)], input: waitsForText } };
      return { json: { messages: [bubble(`eco: ${json.message.text}`)], input: waitsForText } };
    });
    await putQueueIntegration({
      ...(await integrationRecord()),
      typebotKeywordRestart: '#reiniciar',
      typebotRestartMessage: 'Vamos recomeçar!',
      typebotExpires: 5,
    });
    const number = newNumber();
    await customerSays(w, { number, body: 'Oi' });
    expect(await runIntegrationTurns()).toEqual(['início 1']);
    await customerSays(w, { number, body: '#REINICIAR' });
    expect(await runIntegrationTurns()).toEqual(['Vamos recomeçar!']);
    await customerSays(w, { number, body: 'Oi de novo' });
    expect(await runIntegrationTurns()).toEqual(['início 2']);
    await customerSays(w, { number, body: 'segue' });
    expect(await runIntegrationTurns()).toEqual(['eco: segue']);

    // Six minutes of silence (expiry 5): the next message starts a new chat instead of continuing.
    const ticket = (await ticketOf(w, number))!;
    const state = (await getTicketIntegrationState(w.cid, ticket.id))!;
    await putTicketIntegrationState({ ...state, lastActivityAt: new Date(Date.now() - 6 * 60_000).toISOString() });
    await customerSays(w, { number, body: 'voltei' });
    expect(await runIntegrationTurns()).toEqual(['início 3']);
  });

  it('an OpenAI integration answers with the ticket’s recent messages as context', async () => {
    const openai = await startFakeHttpServer(() => ({
      json: { choices: [{ message: { role: 'assistant', content: 'Posso ajudar com o seu pedido.' } }] },
    }));
    try {
      const now = new Date().toISOString();
      await putQueueIntegration({
        ...createQueueIntegrationSchema.parse({
          type: 'openai',
          name: 'Assistente',
          urlApi: `${openai.url}/v1`,
          tokenApiKey: 'x',
          apiVersion: 'gpt-3.5-turbo',
          jsonContent: 'Responda em português.',
        }),
        id: integrationId,
        companyId: w.cid,
        tokenApiKeySealed: await sealSecret('sk-live-123'),
        clientSecretSealed: '',
        createdAt: now,
        updatedAt: now,
      });
      const number = newNumber();
      await customerSays(w, { number, body: 'Meu pedido atrasou' });
      expect(await runIntegrationTurns()).toEqual(['Posso ajudar com o seu pedido.']);
      const req = openai.requests[0]!;
      expect(req.headers.authorization).toBe('Bearer sk-live-123');
      expect(req.json).toEqual({
        model: 'gpt-3.5-turbo',
        messages: [
          { role: 'system', content: 'Responda em português.' },
          { role: 'user', content: 'Meu pedido atrasou' },
        ],
      });
    } finally {
      await openai.stop();
    }
  });
});
