import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueIntegrationDto, QueueIntegrationRealtimeData } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { IntegrationsPage } from '@/features/integrations';
import { sessionStore } from '@/lib/session-store';
import { company, sessionUser } from '../../support/fixtures';
import { fakeTicketsApi, ok } from '../tickets/support';

const realtime = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>() }));
vi.mock('@/lib/realtime', () => ({
  useRealtime: (kind: string, handler: (data: unknown) => void, enabled = true) => {
    if (enabled) realtime.handlers.set(kind, handler);
  },
}));

const integration = (id: string, name: string, type: QueueIntegrationDto['type'] = 'webhook'): QueueIntegrationDto => ({
  id,
  type,
  name,
  projectName: name,
  urlApi: `https://${type}.example/x`,
  tokenApiKey: '',
  clientId: '',
  clientSecret: '',
  apiVersion: '',
  jsonContent: '',
  language: '',
  outerInfo: '',
  sandbox: true,
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function signIn(useIntegration: boolean, profile: 'admin' | 'user' = 'admin') {
  const plan = { id: 'p1', name: 'P', users: 1, connections: 1, queues: 1, useIntegration };
  sessionStore.signIn('token', sessionUser({ profile, company: company({ plan }) }));
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <IntegrationsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

function integrationsApi(rows: QueueIntegrationDto[]) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/queueIntegration') {
      const search = call.query.get('searchParam') ?? '';
      return ok({ queueIntegrations: rows.filter((r) => r.name.toLowerCase().includes(search)), hasMore: false });
    }
    if (call.method === 'POST' && call.path === '/queueIntegration')
      return { status: 201, body: integration('new', (call.body as { name: string }).name, 'typebot') };
    if (call.method === 'DELETE') return { status: 204 };
    return undefined;
  });
}

const names = () => screen.getAllByTestId('integration-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('the /integrations page (spec part 2 §2 "Integrations screen")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    realtime.handlers.clear();
  });

  it('lists type, name and actions with a total; n8n and Typebot rows open their tool; the search is lower-cased', async () => {
    signIn(true);
    const { calls } = integrationsApi([
      integration('i1', 'Fluxo Vendas', 'n8n'),
      integration('i2', 'Gancho', 'webhook'),
      integration('i3', 'Robô', 'typebot'),
    ]);
    renderPage();
    await screen.findAllByTestId('integration-row');
    expect(names()).toEqual(['Fluxo Vendas', 'Gancho', 'Robô']);
    expect(screen.getByRole('img', { name: 'N8N' })).toBeTruthy();
    expect(screen.getByTestId('integrations-total').textContent).toBe('3 registros');
    const toolLinks = screen.getAllByRole('link', { name: 'Abrir a ferramenta em uma nova aba' });
    expect(toolLinks.map((a) => a.getAttribute('href'))).toEqual(['https://n8n.example/x', 'https://typebot.example/x']);
    expect(toolLinks[0]!.getAttribute('target')).toBe('_blank');

    fireEvent.change(screen.getByTestId('integrations-search'), { target: { value: 'VENDAS' } });
    expect((screen.getByTestId('integrations-search') as HTMLInputElement).value).toBe('vendas');
    await waitFor(() => expect(names()).toEqual(['Fluxo Vendas']), { timeout: 3000 });
    expect(calls.some((c) => c.query.get('searchParam') === 'vendas')).toBe(true);
  });

  it('live events upsert and remove rows', async () => {
    signIn(true);
    integrationsApi([integration('i1', 'Gancho')]);
    renderPage();
    await screen.findAllByTestId('integration-row');
    const emit = (event: QueueIntegrationRealtimeData) => act(() => realtime.handlers.get('queueIntegration')!(event));
    emit({ action: 'create', queueIntegration: integration('i2', 'Novo fluxo', 'n8n') });
    await waitFor(() => expect(names()).toEqual(['Novo fluxo', 'Gancho']));
    emit({ action: 'update', queueIntegration: integration('i1', 'Gancho renomeado') });
    await waitFor(() => expect(names()).toEqual(['Novo fluxo', 'Gancho renomeado']));
    emit({ action: 'delete', integrationId: 'i2' });
    await waitFor(() => expect(names()).toEqual(['Gancho renomeado']));
  });

  it('asks before deleting, naming the integration', async () => {
    signIn(true);
    const { calls } = integrationsApi([integration('i1', 'Gancho')]);
    renderPage();
    const row = await screen.findByTestId('integration-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir Gancho?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/queueIntegration/i1']),
    );
    await waitFor(() => expect(screen.queryAllByTestId('integration-row')).toHaveLength(0));
  });

  it('the dialog starts as a Typebot, requires its fields, and shows each type’s own fields', async () => {
    signIn(true);
    const { calls } = integrationsApi([]);
    renderPage();
    fireEvent.click(await screen.findByTestId('integrations-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Adicionar integração')).toBeTruthy();
    expect((within(dialog).getByTestId('integration-type') as HTMLSelectElement).value).toBe('typebot');
    fireEvent.click(within(dialog).getByTestId('integration-submit'));
    expect((await within(dialog).findAllByText('Obrigatório')).length).toBe(3); // name, URL, slug
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('integration-type'), { target: { value: 'openai' } });
    expect(await within(dialog).findByText('Modelo')).toBeTruthy();
    expect(within(dialog).queryByText('Typebot - Slug')).toBeNull();

    fireEvent.change(within(dialog).getByTestId('integration-type'), { target: { value: 'typebot' } });
    const inputs = within(dialog).getAllByRole('textbox');
    fireEvent.change(inputs[0]!, { target: { value: 'Robô de vendas' } });
    fireEvent.change(within(dialog).getByLabelText(/URL da API/), { target: { value: 'https://typebot.example' } });
    fireEvent.change(within(dialog).getByLabelText(/Typebot - Slug/), { target: { value: 'vendas' } });
    fireEvent.click(within(dialog).getByTestId('integration-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      type: 'typebot',
      name: 'Robô de vendas',
      urlApi: 'https://typebot.example',
      typebotSlug: 'vendas',
      typebotDelayMessage: 1000,
    });
  });

  it('a plan without integrations shows why, and asks the API nothing', async () => {
    signIn(false);
    const { calls } = integrationsApi([integration('i1', 'Gancho')]);
    renderPage();
    expect(await screen.findByText('Integrações indisponíveis')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
