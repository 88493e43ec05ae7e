/**
 * Issue 26 item 7: the integration clients against local fakes — OpenAI's chat completions, the
 * n8n/webhook flow (POST the event, act on the answer), Typebot's continueChat shapes — and the
 * failures that hand a ticket to a human (an error status, a timeout, an answer that is not JSON).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFlowEvent } from '../src/domain/integrations/flow-client';
import { IntegrationFailure, postJson } from '../src/domain/integrations/integration-http';
import { completeChat } from '../src/domain/integrations/openai-client';
import { continueTypebotChat } from '../src/domain/integrations/typebot-client';
import { startFakeHttpServer } from './support/fake-http-server';

let fake: Awaited<ReturnType<typeof startFakeHttpServer>>;
beforeAll(async () => {
  fake = await startFakeHttpServer(() => ({ status: 404 }));
});
afterAll(async () => {
  await fake?.stop();
});

const failureOf = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationFailure);
  return (err as IntegrationFailure).reason;
};

describe('OpenAI', () => {
  it('sends the prompt and the recent messages to the model, with the key, and answers the reply', async () => {
    fake.answerWith(() => ({ json: { choices: [{ message: { role: 'assistant', content: ' Claro, posso ajudar. ' } }] } }));
    const reply = await completeChat(
      { urlApi: `${fake.url}/v1/`, apiKey: 'sk-abc', model: 'gpt-3.5-turbo-1106', prompt: 'Seja breve.' },
      [
        { fromMe: false, body: 'Oi' },
        { fromMe: true, body: 'Olá!' },
        { fromMe: false, body: 'Preciso de ajuda' },
      ],
    );
    expect(reply).toBe('Claro, posso ajudar.');
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-abc');
    expect(req.json).toEqual({
      model: 'gpt-3.5-turbo-1106',
      messages: [
        { role: 'system', content: 'Seja breve.' },
        { role: 'user', content: 'Oi' },
        { role: 'assistant', content: 'Olá!' },
        { role: 'user', content: 'Preciso de ajuda' },
      ],
    });
  });

  it('an error status or an empty completion is a failure', async () => {
    fake.answerWith(() => ({ status: 401, json: { error: { message: 'bad key' } } }));
    const target = { urlApi: fake.url, apiKey: 'x', model: 'gpt-3.5-turbo', prompt: '' };
    expect(await failureOf(completeChat(target, [{ fromMe: false, body: 'Oi' }]))).toBe('HTTP 401');
    fake.answerWith(() => ({ json: { choices: [] } }));
    expect(await failureOf(completeChat(target, [{ fromMe: false, body: 'Oi' }]))).toBe('OpenAI respondeu sem texto');
  });
});

describe('n8n and webhook flows', () => {
  const event = {
    event: 'ticket.message' as const,
    companyId: 'c1',
    ticket: { id: 't1', status: 'pending', queueId: 'q1' },
    contact: { id: 'k1', name: 'Ana', number: '5511999990000' },
    message: { id: 'm1', body: 'Qual o horário?', createdAt: '2026-01-01T10:00:00.000Z' },
  };

  it('posts the event and acts on the answer: replies and handoff', async () => {
    fake.answerWith(() => ({ json: { reply: ['Abrimos às 8h.', 'Posso ajudar em algo mais?'], handoff: false } }));
    expect(await postFlowEvent(`${fake.url}/webhook/atende`, event, 'tok')).toEqual({
      replies: ['Abrimos às 8h.', 'Posso ajudar em algo mais?'],
      handoff: false,
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/webhook/atende', json: event });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer tok');

    fake.answerWith(() => ({ json: { reply: 'Vou chamar um atendente.', handoff: true } }));
    expect(await postFlowEvent(`${fake.url}/webhook/atende`, event)).toEqual({
      replies: ['Vou chamar um atendente.'],
      handoff: true,
    });
    fake.answerWith(() => ({ status: 204 }));
    expect(await postFlowEvent(`${fake.url}/webhook/atende`, event)).toEqual({ replies: [], handoff: false });
  });

  it('a timeout or an answer that is not JSON is a failure', async () => {
    fake.answerWith(() => ({ json: { reply: 'tarde demais' }, delayMs: 300 }));
    expect(await failureOf(postJson(`${fake.url}/slow`, {}, {}, 100))).toBe('sem resposta em 1 s');
    fake.answerWith(() => ({ status: 200, json: '<html>' }));
    expect(await postFlowEvent(`${fake.url}/x`, event).catch((e: IntegrationFailure) => e.reason)).toBe('resposta inválida');
  });
});

describe('Typebot', () => {
  it('reads markdown and rich-text bubbles; no input means the flow ended', async () => {
    fake.answerWith(() => ({
      json: {
        messages: [
          {
            type: 'text',
            content: {
              type: 'richText',
              richText: [{ type: 'p', children: [{ text: 'Olá ' }, { text: 'Ana', bold: true }] }],
            },
          },
          { type: 'image', content: { url: 'https://cdn.example/a.png' } },
        ],
      },
    }));
    const turn = await continueTypebotChat({ urlApi: fake.url, typebotSlug: 'x', token: 'tb' }, 's1', 'Ana');
    expect(turn).toEqual({ sessionId: 's1', messages: ['Olá Ana', 'https://cdn.example/a.png'], ended: true });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer tb');
  });
});
