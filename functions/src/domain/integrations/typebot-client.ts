/**
 * Typebot's v1 chat API (docs.typebot.io "API overview"): `POST /api/v1/typebots/<publicId>/startChat`
 * answers a `sessionId`, the first bubbles and the `input` it waits for; `POST
 * /api/v1/sessions/<sessionId>/continueChat` with `{ message }` answers the next ones. An answer
 * without `input` means the flow reached its end. Bubbles are asked as markdown (plain enough for
 * WhatsApp); media bubbles are passed on as their URL.
 */
import { IntegrationFailure, joinUrl, postJson } from './integration-http';

export interface TypebotTurn {
  sessionId: string;
  messages: string[];
  /** The flow ended: no input is awaited. */
  ended: boolean;
}

interface TypebotAnswer {
  sessionId?: string;
  messages?: { type?: string; content?: Record<string, unknown> }[];
  input?: unknown;
}

/** Text of a rich-text bubble (Slate nodes), for servers that answer richText despite the markdown ask. */
function richText(nodes: unknown): string {
  if (!Array.isArray(nodes)) return '';
  return nodes
    .map((n: { text?: string; children?: unknown }) => (typeof n.text === 'string' ? n.text : richText(n.children)))
    .join('');
}

function bubbleText(m: { type?: string; content?: Record<string, unknown> }): string {
  const c = m.content ?? {};
  if (m.type === 'text') {
    if (typeof c.markdown === 'string') return c.markdown;
    if (typeof c.plainText === 'string') return c.plainText;
    return (c.richText as unknown[] | undefined)?.map((p) => richText([p])).join('\n') ?? '';
  }
  return typeof c.url === 'string' ? c.url : '';
}

function turnOf(answer: unknown, sessionId?: string): TypebotTurn {
  const a = (answer ?? {}) as TypebotAnswer;
  const id = a.sessionId ?? sessionId;
  if (!id) throw new IntegrationFailure('Typebot não informou a sessão');
  return {
    sessionId: id,
    messages: (a.messages ?? []).map(bubbleText).filter((t) => t.trim() !== ''),
    ended: !a.input,
  };
}

export interface TypebotTarget {
  urlApi: string;
  typebotSlug: string;
  /** An API token, when the Typebot instance asks for one. */
  token?: string;
}

const auth = (t: TypebotTarget): Record<string, string> => (t.token ? { authorization: `Bearer ${t.token}` } : {});

export async function startTypebotChat(target: TypebotTarget, variables: Record<string, string>): Promise<TypebotTurn> {
  const answer = await postJson(
    joinUrl(target.urlApi, `/api/v1/typebots/${encodeURIComponent(target.typebotSlug)}/startChat`),
    { prefilledVariables: variables, textBubbleContentFormat: 'markdown' },
    auth(target),
  );
  return turnOf(answer);
}

export async function continueTypebotChat(target: TypebotTarget, sessionId: string, text: string): Promise<TypebotTurn> {
  const answer = await postJson(
    joinUrl(target.urlApi, `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`),
    { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' },
    auth(target),
  );
  return turnOf(answer, sessionId);
}
