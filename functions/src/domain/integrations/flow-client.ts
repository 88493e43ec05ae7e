/**
 * The `webhook` and `n8n` integrations: the event is POSTed to `urlApi` (n8n's Webhook node, or any
 * receiver) and the answer says what to do:
 *
 *   { "reply": "text" | ["text", …], "handoff": true }
 *
 * `reply` is sent to the customer; `handoff` passes the ticket to a human. An empty answer does nothing.
 */
import { IntegrationFailure, postJson } from './integration-http';

export interface FlowEvent {
  event: 'ticket.message';
  companyId: string;
  ticket: { id: string; status: string; queueId: string | null };
  contact: { id: string; name: string; number: string };
  message: { id: string; body: string; createdAt: string };
}

export interface FlowAnswer {
  replies: string[];
  handoff: boolean;
}

export async function postFlowEvent(urlApi: string, event: FlowEvent, token?: string): Promise<FlowAnswer> {
  const answer = await postJson(urlApi, event, token ? { authorization: `Bearer ${token}` } : {});
  if (answer === undefined) return { replies: [], handoff: false };
  if (typeof answer !== 'object' || answer === null) throw new IntegrationFailure('resposta inválida');
  const { reply, handoff } = answer as { reply?: unknown; handoff?: unknown };
  const replies = (Array.isArray(reply) ? reply : reply === undefined ? [] : [reply]).filter(
    (r): r is string => typeof r === 'string' && r.trim() !== '',
  );
  return { replies, handoff: handoff === true };
}
