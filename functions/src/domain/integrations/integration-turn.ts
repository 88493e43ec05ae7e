/**
 * One turn of a queue integration: what it answers to one customer message, per type. Pure of
 * storage: it gets the integration (secrets already unsealed), the ticket's state and context, and
 * answers the replies plus the new state. Failures are `IntegrationFailure`s (integration-http.ts).
 */
import type { QueueIntegrationType } from '@atende/shared';
import type { QueueIntegrationRecord } from '../../data/queue-integrations';
import type { TicketIntegrationState } from '../../data/ticket-integrations';
import { postFlowEvent } from './flow-client';
import { completeChat, type ChatLine } from './openai-client';
import { continueTypebotChat, startTypebotChat } from './typebot-client';

export interface TurnInput {
  integration: QueueIntegrationRecord & { token: string };
  state: TicketIntegrationState | undefined;
  ticket: { id: string; companyId: string; status: string; queueId: string | null };
  contact: { id: string; name: string; number: string };
  message: { id: string; text: string; createdAt: string };
  /** The ticket's recent messages, oldest first (OpenAI's context). */
  history: () => Promise<ChatLine[]>;
  now: Date;
}

export interface TurnOutcome {
  replies: string[];
  sessionId: string | null;
  /** Set when the integration gives the ticket to a human (the finish keyword, an n8n handoff). */
  handoff?: string;
}

const sameWord = (a: string, b: string) => !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

async function typebotTurn(input: TurnInput): Promise<TurnOutcome> {
  const { integration: i, state, message, contact, now } = input;
  if (sameWord(message.text, i.typebotKeywordFinish)) return { replies: [], sessionId: null, handoff: 'finish keyword' };
  if (sameWord(message.text, i.typebotKeywordRestart)) {
    return { replies: i.typebotRestartMessage ? [i.typebotRestartMessage] : [], sessionId: null };
  }
  const target = { urlApi: i.urlApi, typebotSlug: i.typebotSlug, token: i.token || undefined };
  const expired =
    !!state?.sessionId &&
    i.typebotExpires > 0 &&
    now.getTime() - Date.parse(state.lastActivityAt) > i.typebotExpires * 60_000;
  if (!state?.sessionId || expired) {
    const turn = await startTypebotChat(target, { number: contact.number, pushName: contact.name, name: contact.name });
    return { replies: turn.messages, sessionId: turn.ended ? null : turn.sessionId };
  }
  const turn = await continueTypebotChat(target, state.sessionId, message.text);
  // The flow kept waiting and said nothing: the answer did not fit the input (a choice, an e-mail …).
  const replies =
    !turn.messages.length && !turn.ended && i.typebotUnknownMessage ? [i.typebotUnknownMessage] : turn.messages;
  return { replies, sessionId: turn.ended ? null : turn.sessionId };
}

async function openaiTurn(input: TurnInput): Promise<TurnOutcome> {
  const { integration: i } = input;
  const reply = await completeChat(
    { urlApi: i.urlApi, apiKey: i.token, model: i.apiVersion, prompt: i.jsonContent },
    await input.history(),
  );
  return { replies: [reply], sessionId: null };
}

async function flowTurn(input: TurnInput): Promise<TurnOutcome> {
  const { integration: i, ticket, contact, message } = input;
  const answer = await postFlowEvent(
    i.urlApi,
    {
      event: 'ticket.message',
      companyId: ticket.companyId,
      ticket: { id: ticket.id, status: ticket.status, queueId: ticket.queueId },
      contact,
      message: { id: message.id, body: message.text, createdAt: message.createdAt },
    },
    i.token || undefined,
  );
  return { replies: answer.replies, sessionId: null, ...(answer.handoff ? { handoff: `${i.type} handoff` } : {}) };
}

const TURNS: Partial<Record<QueueIntegrationType, (input: TurnInput) => Promise<TurnOutcome>>> = {
  typebot: typebotTurn,
  openai: openaiTurn,
  n8n: flowTurn,
  webhook: flowTurn,
};

/** Undefined for the types the platform stores but does not run (asaas, ixc, mk-auth). */
export const turnOf = (type: QueueIntegrationType) => TURNS[type];
