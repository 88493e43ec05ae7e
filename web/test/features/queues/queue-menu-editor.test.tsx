import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueDto, QueueOptionDto } from '@atende/shared';
import { QueueMenuEditor } from '@/features/queues/components/queue-menu-editor';
import { QueuesPage } from '@/features/queues';
import { sessionStore } from '@/lib/session-store';
import { fakeApi, type RecordedCall } from '../../support/fake-api';
import { company, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

/**
 * A tiny in-memory `/queue-options` server behind `fetch`: levels by parentId (-1 = top), positions
 * from 1, a taken position refused as the API refuses it, a delete taking the subtree with it.
 */
function menuServer(queueId: string, initial: QueueOptionDto[] = []) {
  let options = [...initial];
  let next = 1;
  const calls: RecordedCall[] = [];
  const level = (parentId: string | null) =>
    options.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option);
  const reply = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: null, body });
      const id = url.pathname.split('/')[3];
      if (method === 'GET') {
        const parentId = url.searchParams.get('parentId');
        return reply(200, level(parentId === '-1' ? null : parentId));
      }
      if (method === 'POST') {
        const siblings = level(body.parentId ?? null);
        const position = body.option ?? (siblings.at(-1)?.option ?? 0) + 1;
        if (siblings.some((o) => o.option === position))
          return reply(400, { error: 'ERR_VALIDATION', fields: { option: 'validation.queue.optionTaken' } });
        const created = {
          id: `o${next++}`,
          queueId,
          parentId: body.parentId ?? null,
          title: body.title,
          message: body.message,
          option: position,
        };
        options.push(created);
        return reply(201, created);
      }
      if (method === 'PUT') {
        options = options.map((o) => (o.id === id ? { ...o, ...body } : o));
        return reply(
          200,
          options.find((o) => o.id === id),
        );
      }
      const doomed = new Set([id]);
      for (let grew = true; grew;) {
        grew = false;
        for (const o of options)
          if (o.parentId && doomed.has(o.parentId) && !doomed.has(o.id)) {
            doomed.add(o.id);
            grew = true;
          }
      }
      options = options.filter((o) => !doomed.has(o.id));
      return reply(204);
    }),
  );
  return { api: { calls }, options: () => options };
}

const option = (id: string, title: string, position: number, parentId: string | null = null): QueueOptionDto => ({
  id,
  queueId: 'q1',
  parentId,
  title,
  message: '',
  option: position,
});

async function addOption(testId: string, title: string, message = '') {
  const form = await screen.findByTestId(testId);
  fireEvent.input(within(form).getByLabelText(/Título/), { target: { value: title } });
  if (message) fireEvent.input(within(form).getByLabelText('Mensagem'), { target: { value: message } });
  fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(screen.queryByTestId(testId)).toBeNull());
}

describe('the queue menu editor (spec part 3 §3 "QueueOption", §7 /queue-options)', () => {
  beforeEach(() => sessionStore.signIn('token', sessionUser()));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('builds a nested menu: top-level options numbered from 1, a sub-option under its parent', async () => {
    const server = menuServer('q1');
    renderWithProviders(<QueueMenuEditor queueId="q1" canEdit />);
    await screen.findByText('Nenhuma opção neste nível.');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar opção' }));
    await addOption('new-option-top', 'Planos', 'Conheça nossos planos');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar opção' }));
    await addOption('new-option-top', 'Comprar');
    const rows = await screen.findAllByTestId('menu-option');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^1Planos/), expect.stringMatching(/^2Comprar/)]);

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar subopções de Planos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar subopção' }));
    await addOption('new-option-o1', 'Mensal', 'R$ 99');
    await screen.findByText('Mensal');

    const posts = server.api.calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { queueId: 'q1', parentId: null, title: 'Planos', message: 'Conheça nossos planos' },
      { queueId: 'q1', parentId: null, title: 'Comprar', message: '' },
      { queueId: 'q1', parentId: 'o1', title: 'Mensal', message: 'R$ 99' },
    ]);
    const levels = server.api.calls.filter((c) => c.method === 'GET').map((c) => c.query.parentId);
    expect(levels).toContain('-1');
    expect(levels).toContain('o1');
  });

  it('shows a taken number on the field, edits an option, and deletes one with its sub-options after confirmation', async () => {
    const server = menuServer('q1', [option('a', 'Vendas', 1), option('b', 'Suporte', 2), option('a1', 'Planos', 1, 'a')]);
    renderWithProviders(<QueueMenuEditor queueId="q1" canEdit />);
    await screen.findByText('Vendas');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar opção' }));
    const form = await screen.findByTestId('new-option-top');
    fireEvent.input(within(form).getByLabelText('Número'), { target: { value: '2' } });
    fireEvent.input(within(form).getByLabelText(/Título/), { target: { value: 'Financeiro' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Já existe uma opção com este número neste nível.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));

    const suporte = screen.getAllByTestId('menu-option').find((r) => r.textContent?.includes('Suporte'))!;
    fireEvent.click(within(suporte).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByTestId('edit-option-b');
    fireEvent.input(within(edit).getByLabelText(/Título/), { target: { value: 'Suporte técnico' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Suporte técnico');
    expect(server.api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/queue-options/b',
      body: { title: 'Suporte técnico', message: '', option: 2 },
    });

    const vendas = screen.getAllByTestId('menu-option').find((r) => r.textContent?.includes('Vendas'))!;
    fireEvent.click(within(vendas).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('As subopções desta opção também serão excluídas.');
    expect(server.api.calls.some((c) => c.method === 'DELETE')).toBe(false); // nothing before the confirmation
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.queryByText('Vendas')).toBeNull());
    expect(server.api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/queue-options/a']);
    expect(server.options().map((o) => o.id)).toEqual(['b']);
  });

  it('is read-only for whoever may not edit', async () => {
    menuServer('q1', [option('a', 'Vendas', 1)]);
    renderWithProviders(<QueueMenuEditor queueId="q1" canEdit={false} />);
    await screen.findByText('Vendas');
    expect(screen.queryByRole('button', { name: 'Adicionar opção' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
  });
});

const queue = (overrides: Partial<QueueDto> = {}): QueueDto => ({
  id: '01JQUEUE00000000000000001',
  name: 'Vendas',
  color: '#1273DE',
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  orderQueue: null,
  integrationId: null,
  schedules: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

/** The queues page over `existing`, its add dialog open; a POST creates 'Financeiro'. */
async function addQueueDialog(existing: QueueDto[]) {
  sessionStore.signIn('token', sessionUser());
  const created = queue({ id: 'qnew', name: 'Financeiro', color: '#B80000' });
  const api = fakeApi({
    'GET /api/queue': { status: 200, body: existing },
    'POST /api/queue': { status: 201, body: created },
    'GET /api/queue/qnew': { status: 200, body: created },
    'GET /api/queue-options': { status: 200, body: [] },
  });
  renderWithProviders(<QueuesPage />, { route: '/queues' });
  fireEvent.click(await screen.findByTestId('add-queue'));
  return { api, dialog: await screen.findByRole('dialog') };
}

describe('the /queues page (spec part 3 §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists queues with the integration's name or a dash, and offers the hours tab only with scheduleType 'queue'", async () => {
    sessionStore.signIn(
      'token',
      sessionUser({
        company: company({
          plan: { id: 'p1', name: 'P', users: 1, connections: 1, queues: 5, useIntegration: true },
          settings: [{ key: 'scheduleType', value: 'queue' }],
        }),
      }),
    );
    const api = fakeApi({
      'GET /api/queue': {
        status: 200,
        body: [queue({ integrationId: 'i1' }), queue({ id: 'q2', name: 'Suporte', color: '#008B02' })],
      },
      'GET /api/queueIntegration': {
        status: 200,
        body: { queueIntegrations: [{ id: 'i1', name: 'Typebot', type: 'typebot' }], hasMore: false },
      },
      'GET /api/queue/q2': { status: 200, body: queue({ id: 'q2', name: 'Suporte', color: '#008B02' }) },
      'GET /api/queue-options': { status: 200, body: [] },
    });
    renderWithProviders(<QueuesPage />, { route: '/queues' });
    const rows = await screen.findAllByTestId('queue-row');
    await waitFor(() => expect(rows[0]!.textContent).toContain('Typebot'));
    expect(rows[1]!.textContent).toContain('-');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Editar' }));
    expect(await screen.findByText('Dados da Fila')).toBeTruthy();
    expect(screen.getByText('Horarios de atendimento')).toBeTruthy();
    expect(await screen.findByTestId('queue-integration')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/queue-options' && c.query.queueId === 'q2')).toBe(true),
    );
  });

  it('hides the hours tab and the integration selector when the company has neither, and tolerates no integrations area', async () => {
    sessionStore.signIn('token', sessionUser());
    fakeApi({
      'GET /api/queue': { status: 200, body: [] },
      'GET /api/queue-options': { status: 200, body: [] },
    });
    renderWithProviders(<QueuesPage />, { route: '/queues' });
    fireEvent.click(await screen.findByTestId('add-queue'));
    expect(await screen.findByText('Salve a fila para montar o menu.')).toBeTruthy();
    expect(screen.queryByText('Horarios de atendimento')).toBeNull();
    expect(screen.queryByTestId('queue-integration')).toBeNull();
  });

  it('creates a queue with the palette colour and keeps the dialog open to build its menu', async () => {
    const { api, dialog } = await addQueueDialog([]);
    fireEvent.input(within(dialog).getByLabelText(/Nome/), { target: { value: 'Financeiro' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Escolher a cor #B80000' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Financeiro', color: '#B80000' });
    expect(await screen.findByTestId('queue-menu-editor')).toBeTruthy();
  });

  it('asks for the greeting of a second queue before saving, as the server would (ERR_WAPP_GREETING_REQUIRED)', async () => {
    const { api, dialog } = await addQueueDialog([queue()]);
    expect(within(dialog).getByText(/Obrigatória com mais de uma fila/)).toBeTruthy();
    // Saved empty: the greeting's error comes with the name's and the colour's.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('A mensagem de saudação é obrigatória quando há mais de uma fila.')).toBeTruthy();
    expect(within(dialog).getByText('Obrigatorio')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText(/Nome/), { target: { value: 'Financeiro' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Escolher a cor #B80000' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('A mensagem de saudação é obrigatória quando há mais de uma fila.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.input(within(dialog).getByLabelText(/Mensagem de saudação/), { target: { value: 'Bem-vindo ao Financeiro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ greetingMessage: 'Bem-vindo ao Financeiro' });
  });
});
