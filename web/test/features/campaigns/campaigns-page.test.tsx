import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignRealtimeData } from '@atende/shared';
import { CampaignsPage } from '@/features/campaigns';
import { toaster } from '@/lib/toaster';
import { campaign, campaignsApi, renderAt, signInWithCampaigns, stats } from './support';

const realtime = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>() }));
vi.mock('@/lib/realtime', () => ({
  useRealtime: (kind: string, handler: (data: unknown) => void, enabled = true) => {
    if (enabled) realtime.handlers.set(kind, handler);
  },
}));

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('campaign-row')).find((r) => within(r).getByTestId('campaign-name').textContent === name)!;
const actionsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-testid'));

/** The page reads the plan's allowance with the list: let its answer land. */
const statsLoaded = (client: QueryClient) =>
  waitFor(() => expect(client.getQueryData(['campaigns', 'stats'])).toBeDefined());

describe('the /campaigns page (spec part 3 "Campaigns page")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('lists each campaign with its status label, target, connections and confirmation', async () => {
    signInWithCampaigns();
    campaignsApi({
      pages: [
        [
          campaign({ id: 'a', name: 'Natal', status: 'EM_ANDAMENTO', confirmation: true }),
          campaign({
            id: 'b',
            name: 'Páscoa',
            status: 'FINALIZADA',
            whatsapp: [
              { id: 'w1', name: 'Vendas' },
              { id: 'w2', name: 'Suporte' },
            ],
          }),
        ],
      ],
    });
    renderAt(<CampaignsPage />);
    const natal = await rowOf('Natal');
    expect(within(natal).getAllByTestId('campaign-status')[0]!.textContent).toBe('Em Andamento');
    expect(within(natal).getByTestId('campaign-confirmation').textContent).toBe('Habilitada');
    const pascoa = await rowOf('Páscoa');
    expect(within(pascoa).getAllByTestId('campaign-status')[0]!.textContent).toBe('Finalizada');
    expect(within(pascoa).getByTestId('campaign-confirmation').textContent).toBe('Desabilitada');
    expect(within(pascoa).getByText('Vendas, Suporte')).toBeTruthy();
    expect(within(pascoa).getAllByText('CLIENTES VIP').length).toBeGreaterThan(0);
  });

  it('offers stop only while sending, restart only when cancelled, and no delete while sending', async () => {
    signInWithCampaigns('supervisor');
    campaignsApi({
      pages: [
        [
          campaign({ id: 'a', name: 'Sending', status: 'EM_ANDAMENTO' }),
          campaign({ id: 'b', name: 'Cancelled', status: 'CANCELADA' }),
          campaign({ id: 'c', name: 'Idle', status: 'INATIVA' }),
          campaign({ id: 'd', name: 'Done', status: 'FINALIZADA' }),
        ],
      ],
    });
    renderAt(<CampaignsPage />);
    expect(actionsOf(await rowOf('Sending'))).toEqual(['campaign-stop', 'campaign-report', 'campaign-edit']);
    expect(actionsOf(await rowOf('Cancelled'))).toEqual([
      'campaign-restart',
      'campaign-report',
      'campaign-edit',
      'campaign-delete',
    ]);
    expect(actionsOf(await rowOf('Idle'))).toEqual(['campaign-report', 'campaign-edit', 'campaign-delete']);
    expect(actionsOf(await rowOf('Done'))).toEqual(['campaign-report', 'campaign-edit', 'campaign-delete']);
    expect(screen.getByTestId('campaigns-add')).toBeTruthy();
  });

  it('lets a user (not admin or supervisor) open the reports only', async () => {
    signInWithCampaigns('user');
    const { calls } = campaignsApi({ pages: [[campaign({ id: 'a', name: 'Sending', status: 'EM_ANDAMENTO' })]] });
    renderAt(<CampaignsPage />);
    expect(actionsOf(await rowOf('Sending'))).toEqual(['campaign-report']);
    expect(screen.queryByTestId('campaigns-add')).toBeNull();
    expect(calls.some((c) => c.path === '/campaigns/stats')).toBe(false);
  });

  it('stops after a confirmation, restarts, and opens the report', async () => {
    signInWithCampaigns();
    const { calls } = campaignsApi({
      pages: [
        [
          campaign({ id: 'a', name: 'Sending', status: 'EM_ANDAMENTO' }),
          campaign({ id: 'b', name: 'Cancelled', status: 'CANCELADA' }),
        ],
      ],
      extra: (call) => (call.method === 'POST' ? { status: 200, body: campaign() } : undefined),
    });
    renderAt(<CampaignsPage />);

    fireEvent.click(within(await rowOf('Sending')).getByTestId('campaign-stop'));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Parar a campanha Sending?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Parar campanha' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/campaigns/a/cancel']),
    );

    fireEvent.click(within(await rowOf('Cancelled')).getByTestId('campaign-restart'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/campaigns/a/cancel',
        '/campaigns/b/restart',
      ]),
    );

    fireEvent.click(within(await rowOf('Cancelled')).getByTestId('campaign-report'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/campaign/b/report'));
  });

  it('deletes only after a confirmation', async () => {
    signInWithCampaigns();
    const { calls } = campaignsApi({
      pages: [[campaign({ id: 'a', name: 'Idle' })]],
      extra: (call) => (call.method === 'DELETE' ? { status: 204 } : undefined),
    });
    renderAt(<CampaignsPage />);
    fireEvent.click(within(await rowOf('Idle')).getByTestId('campaign-delete'));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Excluir a campanha Idle?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/campaigns/a']));
  });

  it("refuses a new campaign with the plan's message when the period's allowance is used", async () => {
    signInWithCampaigns();
    campaignsApi({ pages: [[campaign()]], stats: stats(3, 3) });
    const { queryClient } = renderAt(<CampaignsPage />);
    await rowOf('Black Friday');
    await statsLoaded(queryClient);
    fireEvent.click(screen.getByTestId('campaigns-add'));
    expect(await screen.findByText('Voce atingiu o limite de numeros de campanhas no seu plano!')).toBeTruthy();
    expect(screen.queryByTestId('campaign-dialog')).toBeNull();
  });

  it('opens the editor when the allowance is not used', async () => {
    signInWithCampaigns();
    campaignsApi({ pages: [[campaign()]], stats: stats(2, 3) });
    const { queryClient } = renderAt(<CampaignsPage />);
    await rowOf('Black Friday');
    await statsLoaded(queryClient);
    fireEvent.click(screen.getByTestId('campaigns-add'));
    expect(await screen.findByTestId('campaign-dialog')).toBeTruthy();
  });

  it('patches a row from a live update and drops a deleted one, without re-reading the list', async () => {
    signInWithCampaigns();
    const { calls } = campaignsApi({
      pages: [[campaign({ id: 'a', name: 'Natal', status: 'PROGRAMADA' }), campaign({ id: 'b', name: 'Páscoa' })]],
    });
    renderAt(<CampaignsPage />);
    await rowOf('Natal');
    const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/campaigns').length;
    const before = lists();

    const push = (data: CampaignRealtimeData) => act(() => realtime.handlers.get('campaign')!(data));
    push({ action: 'update', record: campaign({ id: 'a', name: 'Natal', status: 'EM_ANDAMENTO' }) });
    await waitFor(async () =>
      expect(within(await rowOf('Natal')).getAllByTestId('campaign-status')[0]!.textContent).toBe('Em Andamento'),
    );
    expect(actionsOf(await rowOf('Natal'))).toContain('campaign-stop');

    push({ action: 'delete', id: 'b' });
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(1));
    expect(lists()).toBe(before);
  });
});
