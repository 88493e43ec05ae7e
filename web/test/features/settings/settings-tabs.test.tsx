import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAMPAIGN_PARAMETERS, type AdminCompanyDto } from '@atende/shared';
import { CompaniesTab } from '@/features/settings/components/companies-tab';
import { ReportsTab } from '@/features/settings/components/reports-tab';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { platformSuperUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const PLAN = { id: 'p1', name: 'PLANO PADRÃO', users: 10, connections: 3, queues: 10, value: 99.9, valueYearly: 999 };
const companyRow = (overrides: Partial<AdminCompanyDto> = {}): AdminCompanyDto => ({
  id: 'c1',
  name: 'Padaria Central',
  email: 'contato@padaria.com.br',
  phone: '11 98888-7777',
  vat: '29537995593',
  status: true,
  dueDate: '2030-01-10',
  recurrence: 'MENSAL',
  planId: 'p1',
  planName: 'PLANO PADRÃO',
  isResale: false,
  clientOf: null,
  timeZone: 'America/Sao_Paulo',
  createdAt: '2026-01-01T00:00:00.000Z',
  campaignsEnabled: false,
  campaigns: { ...DEFAULT_CAMPAIGN_PARAMETERS },
  useApi: false,
  useFacebook: false,
  useInstagram: false,
  ...overrides,
});

describe('settings: reports tab and the campaign parameters panel (spec part 2 §2, §5)', () => {
  afterEach(() => vi.unstubAllGlobals());
  // The super user belongs to the platform company ('plat'); the listed company is a client ('c1').
  beforeEach(() => sessionStore.signIn('token', platformSuperUser()));

  it('lists the online clients of the last 10 minutes, asks for a time, and searches another window', async () => {
    const api = fakeApi({
      'GET /api/companies/listOnline/10': {
        status: 200,
        body: [{ id: 'c1', name: 'Padaria Central', email: 'a@b.com', phone: '', lastSeenAt: '2026-11-23T10:00:00.000Z' }],
      },
      'GET /api/companies/listOnline/60': { status: 200, body: [] },
    });
    renderWithProviders(<ReportsTab />, { route: '/settings' });
    const table = await screen.findByTestId('online-companies');
    expect(within(table).getByText('Padaria Central')).toBeTruthy();

    const minutes = screen.getByLabelText(/Tempo \(minutos\)/);
    fireEvent.change(minutes, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByText('Informe o tempo para pesquisar os clientes!')).toBeTruthy();

    fireEvent.change(minutes, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByText('Nenhum cliente online nos últimos 60 minutos.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toContain('/api/companies/listOnline/60');
  });

  it('shows the campaign panel only with campaigns on, disables the counts with doNotLimit, and saves them', async () => {
    const api = fakeApi({
      'GET /api/companies': { status: 200, body: { companies: [companyRow()], hasMore: false } },
      'GET /api/plans/all': { status: 200, body: [PLAN] },
      'PUT /api/companies/c1': (call) => ({ status: 200, body: { ...companyRow(), ...(call.body as object) } }),
    });
    renderWithProviders(<CompaniesTab />, { route: '/settings' });
    const row = await screen.findByTestId('company-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    await screen.findByText('Editando Padaria Central');
    expect(screen.queryByTestId('campaign-panel')).toBeNull();

    fireEvent.change(screen.getByTestId('campaigns-enabled'), { target: { value: 'true' } });
    const panel = await screen.findByTestId('campaign-panel');
    const count = within(panel).getByLabelText('Número de campanhas') as HTMLInputElement;
    expect(count.disabled).toBe(true);
    fireEvent.change(within(panel).getByLabelText('Limitar campanhas por'), { target: { value: 'month' } });
    await waitFor(() => expect(count.disabled).toBe(false));
    fireEvent.change(count, { target: { value: '0' } });
    fireEvent.change(within(panel).getByLabelText('Valor de uso da campanha (R$)'), { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O valor deste campo deve ser um número maior ou igual a 1.')).toBeTruthy();
    expect(screen.getByText('O valor de uso da campanha deve ser maior ou igual a 0.')).toBeTruthy();

    fireEvent.change(count, { target: { value: '5' } });
    fireEvent.change(within(panel).getByLabelText('Valor de uso da campanha (R$)'), { target: { value: '12,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      campaignsEnabled: true,
      campaigns: { limitOfCampaignBy: 'month', numberOfCampaigns: 5, valueOfResourceCampaigns: 12.5 },
    });
  }, 60_000); // a long form typed field by field: slow on a busy machine

  it('switches the channel options (useApi, useFacebook, useInstagram) and saves them with the company', async () => {
    const api = fakeApi({
      'GET /api/companies': { status: 200, body: { companies: [companyRow({ useFacebook: true })], hasMore: false } },
      'GET /api/plans/all': { status: 200, body: [PLAN] },
      'PUT /api/companies/c1': (call) => ({ status: 200, body: { ...companyRow(), ...(call.body as object) } }),
    });
    renderWithProviders(<CompaniesTab />, { route: '/settings' });
    const row = await screen.findByTestId('company-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    await screen.findByText('Editando Padaria Central');
    expect((screen.getByTestId('company-useApi') as HTMLSelectElement).value).toBe('false');
    expect((screen.getByTestId('company-useFacebook') as HTMLSelectElement).value).toBe('true');
    expect(screen.getByLabelText('API de mensagens')).toBeTruthy();

    fireEvent.change(screen.getByTestId('company-useApi'), { target: { value: 'true' } });
    fireEvent.change(screen.getByTestId('company-useFacebook'), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      useApi: true,
      useFacebook: false,
      useInstagram: false,
    });
  }, 60_000);

  it('asks before deleting a company, and offers no delete for the platform company', async () => {
    const api = fakeApi({
      'GET /api/companies': {
        status: 200,
        body: { companies: [companyRow({ id: 'plat', name: 'Plataforma', dueDate: null }), companyRow()], hasMore: false },
      },
      'GET /api/plans/all': { status: 200, body: [PLAN] },
      'DELETE /api/companies/c1': { status: 202, body: { companyId: 'c1', state: 'running', deleted: 0 } },
    });
    renderWithProviders(<CompaniesTab />, { route: '/settings' });
    await screen.findByText('Padaria Central');
    const [platform, row] = screen.getAllByTestId('company-row') as [HTMLElement, HTMLElement];
    expect(within(platform).queryByRole('button', { name: 'Excluir' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir a empresa Padaria Central?')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/companies/c1')).toBe(true));
  });
});
