import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { ContactDto, MessageDto, SessionUserDto, TicketDto } from '@atende/shared';
import { appSystem, loadConsoleRecipes } from '@/app/theme';
import '@/features/tickets/i18n';
// The conversation is a lazy chunk of the tickets page (issue 28). Imported here, the page's lazy
// import resolves at once instead of waiting for the first transform of the conversation's modules.
import '@/features/tickets/components/conversation/ticket-view';
import { sessionStore } from '@/lib/session-store';
import { company, sessionUser } from '../../support/fixtures';

// Every console route renders after the console's recipes are in (theme.ts `withConsoleRecipes`): so do the tests,
// or components whose recipe is not in the first load's theme render unstyled and pass variants to the DOM.
await loadConsoleRecipes();

/**
 * jsdom has no layout: give every element a viewport-sized client box so the virtualised lists
 * render their first screenful as a browser would.
 */
for (const [prop, size] of [
  ['clientHeight', 800],
  ['clientWidth', 480],
] as const) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
}

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Reply = { status: number; body?: unknown };
type Handler = (call: ApiCall) => Reply | undefined | Promise<Reply | undefined>;

/**
 * A fake REST API behind `fetch` that, unlike the shared one, hands the query string to the
 * handler (the ticket lists differ only by it). A handler may answer later (a promise): a test
 * holds a call open while something else happens. Unhandled calls answer 404.
 */
export function fakeTicketsApi(handler: Handler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

export function signInAs(overrides: Partial<SessionUserDto> = {}, settings: { key: string; value: string }[] = []) {
  sessionStore.signIn('token', sessionUser({ ...overrides, company: company({ settings }) }));
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `ui` at `route` under the workspace's route pattern, with a probe of the current path. */
export function renderAt(ui: ReactElement, route = '/tickets') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/tickets/:ticketId?" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { ...view, queryClient };
}

export function contact(overrides: Partial<ContactDto> = {}): ContactDto {
  return {
    id: 'ct1',
    name: 'Maria Cliente',
    number: '5511988887777',
    lid: null,
    email: '',
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function ticket(overrides: Partial<TicketDto> = {}): TicketDto {
  const now = new Date().toISOString();
  return {
    id: 't1',
    uuid: '11111111-1111-4111-8111-111111111111',
    status: 'open',
    contactId: 'ct1',
    contact: contact(),
    userId: 'u1',
    user: { id: 'u1', name: 'Ana Admin' },
    queueId: 'q1',
    queue: { id: 'q1', name: 'Vendas', color: '#0a7d33' },
    whatsappId: 'w1',
    whatsapp: { id: 'w1', name: 'Loja', channel: 'whatsapp' },
    channel: 'whatsapp',
    unreadMessages: 0,
    lastMessage: 'Olá, tudo bem?',
    lastMessageAt: now,
    activityVersion: 1,
    tags: [],
    chatbot: false,
    isGroup: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function message(overrides: Partial<MessageDto> = {}): MessageDto {
  const now = new Date().toISOString();
  return {
    id: 'm1',
    connectionId: 'w1',
    contactId: 'ct1',
    externalId: 'x1',
    body: 'Oi',
    fromMe: false,
    mediaUrl: null,
    mediaType: null,
    ack: 0,
    read: true,
    isDeleted: false,
    editedMessage: null,
    quotedMsg: null,
    isGroup: false,
    participant: null,
    ticketId: 't1',
    queueId: 'q1',
    userId: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export const page = (tickets: TicketDto[], count = tickets.length) => ({ tickets, count, hasMore: false });
