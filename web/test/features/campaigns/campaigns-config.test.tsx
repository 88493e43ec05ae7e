import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAMPAIGN_SETTINGS, type CampaignSettings } from '@atende/shared';
import { CampaignsConfigPage } from '@/features/campaigns';
import { toaster } from '@/lib/toaster';
import { campaignsApi, renderAt, signInWithCampaigns } from './support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const saved = (settings: CampaignSettings) => ({
  settings,
  extra: (call: { method: string; path: string; body: unknown }) =>
    call.method === 'POST' && call.path === '/campaign-settings'
      ? { status: 200, body: (call.body as { settings: CampaignSettings }).settings }
      : undefined,
});

const renderConfig = () => renderAt(<CampaignsConfigPage />, '/campaigns-config', '/campaigns-config');

describe('the campaign settings (spec part 3 "Campaign settings page", §5, §9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("offers the spec's interval options and saves them with 'Configuracoes salvas'", async () => {
    signInWithCampaigns();
    const { calls } = campaignsApi(saved(DEFAULT_CAMPAIGN_SETTINGS));
    renderConfig();
    const interval = (await screen.findByTestId('campaign-config-messageInterval')) as HTMLSelectElement;
    const values = (id: string) => [...(screen.getByTestId(id) as HTMLSelectElement).options].map((o) => o.value);
    expect(values('campaign-config-messageInterval')).toEqual(['0', '5', '10', '15', '20']);
    expect(values('campaign-config-longerIntervalAfter')).toEqual(['0', '5', '10', '15', '20']);
    expect(values('campaign-config-greaterInterval')).toEqual(['0', '20', '30', '40', '50', '60']);
    expect(interval.value).toBe('20');
    expect(interval.options[0]!.textContent).toBe('Sem intervalo');

    fireEvent.change(interval, { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('campaign-config-dailyCap'), { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('campaign-config-save'));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      settings: { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 5, dailyCapPerConnection: 250 },
    });
    expect(await screen.findByText('Configuracoes salvas')).toBeTruthy();
  });

  it('ignores a variable whose key exists (a built-in one too) and saves the others', async () => {
    signInWithCampaigns();
    const { calls } = campaignsApi(saved({ ...DEFAULT_CAMPAIGN_SETTINGS, variables: [{ key: 'loja', value: 'Centro' }] }));
    renderConfig();
    await screen.findByTestId('campaign-variable-row');
    const add = (key: string, value: string) => {
      fireEvent.change(screen.getByTestId('campaign-variable-key'), { target: { value: key } });
      fireEvent.change(screen.getByTestId('campaign-variable-value'), { target: { value } });
      fireEvent.click(screen.getByTestId('campaign-variable-add'));
    };

    add('loja', 'Outra');
    expect(screen.getByTestId('campaign-variable-ignored').textContent).toContain('{loja}');
    add(' nome ', 'Fulano');
    expect(screen.getByTestId('campaign-variable-ignored').textContent).toContain('{nome}');
    add('cupom', 'NATAL10');
    expect(screen.queryByTestId('campaign-variable-ignored')).toBeNull();
    const rows = screen.getAllByTestId('campaign-variable-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['{loja}', '{cupom}']);
    expect(within(rows[0]!).getByText('Centro')).toBeTruthy();

    fireEvent.click(screen.getByTestId('campaign-config-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'POST')!.body as { settings: CampaignSettings }).settings.variables).toEqual([
      { key: 'loja', value: 'Centro' },
      { key: 'cupom', value: 'NATAL10' },
    ]);
  });

  it('shows the settings read-only to a user', async () => {
    signInWithCampaigns('user');
    campaignsApi({ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, variables: [{ key: 'loja', value: 'Centro' }] } });
    renderConfig();
    expect(await screen.findByTestId('campaign-config-readonly')).toBeTruthy();
    expect(screen.queryByTestId('campaign-config-save')).toBeNull();
    expect(screen.queryByTestId('campaign-variable-add')).toBeNull();
    expect((screen.getByTestId('campaign-config-messageInterval') as HTMLSelectElement).disabled).toBe(true);
  });
});
