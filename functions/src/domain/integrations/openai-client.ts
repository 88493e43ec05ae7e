/**
 * OpenAI's chat completions (`POST <urlApi>/chat/completions`): the integration's prompt as the
 * system message, then the ticket's recent messages (the customer's as `user`, ours as `assistant`).
 * The model is the integration's `apiVersion`, the key its `tokenApiKey`.
 */
import { IntegrationFailure, joinUrl, postJson } from './integration-http';

export interface ChatLine {
  fromMe: boolean;
  body: string;
}

export async function completeChat(
  target: { urlApi: string; apiKey: string; model: string; prompt: string },
  history: readonly ChatLine[],
): Promise<string> {
  const messages = [
    ...(target.prompt ? [{ role: 'system', content: target.prompt }] : []),
    ...history.map((l) => ({ role: l.fromMe ? 'assistant' : 'user', content: l.body })),
  ];
  const answer = (await postJson(
    joinUrl(target.urlApi, '/chat/completions'),
    { model: target.model, messages },
    { authorization: `Bearer ${target.apiKey}` },
  )) as { choices?: { message?: { content?: unknown } }[] } | undefined;
  const content = answer?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new IntegrationFailure('OpenAI respondeu sem texto');
  return content.trim();
}
