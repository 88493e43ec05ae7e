import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAMPAIGN_SETTINGS, type CampaignDto } from '@atende/shared';
import { CampaignDialog } from '@/features/campaigns/components/campaign-dialog';
import { campaign, campaignsApi, renderAt, signInWithCampaigns } from './support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const HOUR = 60 * 60 * 1000;

function openDialog(value: CampaignDto | null, onClose = vi.fn()) {
  renderAt(<CampaignDialog campaign={value} onClose={onClose} />);
  return screen.findByTestId('campaign-dialog');
}

describe('the campaign editor (spec part 3 §3–§5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['EM_ANDAMENTO', null],
    ['FINALIZADA', null],
    ['PROGRAMADA', 30 * 60 * 1000],
  ] as const)('is read-only, and says so in its title, for a %s campaign (scheduled +%s ms)', async (status, ahead) => {
    signInWithCampaigns();
    campaignsApi();
    const scheduledAt = ahead === null ? null : new Date(Date.now() + ahead).toISOString();
    const dialog = await openDialog(campaign({ status, scheduledAt, message1: 'Olá {nome}' }));

    expect(within(dialog).getByTestId('campaign-dialog-title').textContent).toBe('Apenas Visualização');
    expect(within(dialog).queryByTestId('campaign-submit')).toBeNull();
    expect(within(dialog).queryAllByTestId('campaign-variable-chip')).toHaveLength(0);
    expect((within(dialog).getByTestId('campaign-message1') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((within(dialog).getByTestId('campaign-name-input') as HTMLInputElement).readOnly).toBe(true);
  });

  it.each([
    ['INATIVA', null, 'Editar Campanha'],
    ['CANCELADA', null, 'Editar Campanha'],
    ['PROGRAMADA', 2 * HOUR, 'Editar Campanha'],
  ] as const)('is editable for a %s campaign', async (status, ahead, title) => {
    signInWithCampaigns();
    campaignsApi();
    const scheduledAt = ahead === null ? null : new Date(Date.now() + ahead).toISOString();
    const dialog = await openDialog(campaign({ status, scheduledAt }));

    expect(within(dialog).getByTestId('campaign-dialog-title').textContent).toBe(title);
    expect(within(dialog).getByTestId('campaign-submit')).toBeTruthy();
    expect((within(dialog).getByTestId('campaign-message1') as HTMLTextAreaElement).readOnly).toBe(false);
  });

  it('lets a CANCELADA campaign change its name and messages only (restart continues the rest as set)', async () => {
    signInWithCampaigns();
    campaignsApi();
    const dialog = await openDialog(campaign({ status: 'CANCELADA', confirmation: true }));

    expect(within(dialog).getByTestId('campaign-cancelled-hint')).toBeTruthy();
    expect((within(dialog).getByTestId('campaign-name-input') as HTMLInputElement).readOnly).toBe(false);
    expect((within(dialog).getByTestId('campaign-message1') as HTMLTextAreaElement).readOnly).toBe(false);
    expect((within(dialog).getByTestId('campaign-target-select') as HTMLSelectElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('campaign-scheduled-at') as HTMLInputElement).readOnly).toBe(true);
    expect(within(dialog).getByTestId('campaign-confirmation').querySelector('input')!.disabled).toBe(true);
    expect(within(dialog).queryByTestId('campaign-target-list')).toBeNull();
    // Its confirmation flow stays on: its tabs show.
    expect(within(dialog).getByTestId('campaign-tab-confirmationMessage1')).toBeTruthy();
  });

  it('shows five message tabs, and five confirmation tabs only while confirmation is on', async () => {
    signInWithCampaigns();
    campaignsApi();
    const dialog = await openDialog(null);
    expect(within(dialog).getByTestId('campaign-dialog-title').textContent).toBe('Nova Campanha');

    const tabNames = () =>
      within(within(dialog).getByTestId('campaign-message-tabs'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent);
    expect(tabNames()).toEqual(['Msg. 1', 'Msg. 2', 'Msg. 3', 'Msg. 4', 'Msg. 5']);

    const toggle = within(dialog).getByTestId('campaign-confirmation').querySelector('input')!;
    fireEvent.click(toggle);
    await waitFor(() => expect(tabNames()).toHaveLength(10));
    expect(tabNames().slice(5)).toEqual([
      'Confirmação 1',
      'Confirmação 2',
      'Confirmação 3',
      'Confirmação 4',
      'Confirmação 5',
    ]);

    // On a confirmation tab when confirmation goes off: back to message 1, the confirmation tabs gone.
    fireEvent.click(within(dialog).getByTestId('campaign-tab-confirmationMessage2'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('campaign-tab-confirmationMessage2').getAttribute('aria-selected')).toBe('true'),
    );
    fireEvent.click(toggle);
    await waitFor(() => expect(tabNames()).toHaveLength(5));
    expect(within(dialog).getByTestId('campaign-tab-message1').getAttribute('aria-selected')).toBe('true');
  });

  it('asks for a confirmation message when confirmation is on, on its tab', async () => {
    signInWithCampaigns();
    const { calls } = campaignsApi();
    const dialog = await openDialog(campaign({ message1: 'Oferta para {nome}' }));

    fireEvent.click(within(dialog).getByTestId('campaign-confirmation').querySelector('input')!);
    await waitFor(() => expect(within(dialog).getByTestId('campaign-tab-confirmationMessage1')).toBeTruthy());
    fireEvent.click(within(dialog).getByTestId('campaign-submit'));

    expect(await within(dialog).findByText('Com confirmação, preencha ao menos uma mensagem de confirmação')).toBeTruthy();
    expect(within(dialog).getByTestId('campaign-tab-confirmationMessage1').getAttribute('aria-selected')).toBe('true');
    // The caret goes into the text to fill.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('campaign-confirmationMessage1')));
    expect(calls.some((c) => c.method === 'PUT' || c.method === 'POST')).toBe(false);
  });

  it("inserts a variable chip's placeholder at the caret, and previews message 1 with sample values", async () => {
    signInWithCampaigns();
    campaignsApi({ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, variables: [{ key: 'loja', value: 'Padaria Central' }] } });
    const dialog = await openDialog(null);
    await waitFor(() => expect(within(dialog).getAllByTestId('campaign-variable-chip')).toHaveLength(4));
    expect(
      within(dialog)
        .getAllByTestId('campaign-variable-chip')
        .map((c) => c.textContent),
    ).toEqual(['{nome}', '{numero}', '{email}', '{loja}']);

    const text = within(dialog).getByTestId('campaign-message1') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Olá , bem-vindo à ' } });
    text.setSelectionRange(4, 4); // after "Olá "
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inserir {nome}' }));
    await waitFor(() => expect(text.value).toBe('Olá {nome}, bem-vindo à '));

    text.setSelectionRange(text.value.length, text.value.length);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inserir {loja}' }));
    await waitFor(() => expect(text.value).toBe('Olá {nome}, bem-vindo à {loja}'));

    expect(within(dialog).getByTestId('campaign-preview').textContent).toBe('Olá Maria Silva, bem-vindo à Padaria Central');
  });

  it('inserts into the open tab, not message 1', async () => {
    signInWithCampaigns();
    campaignsApi();
    const dialog = await openDialog(null);
    fireEvent.click(within(dialog).getByTestId('campaign-tab-message3'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('campaign-tab-message3').getAttribute('aria-selected')).toBe('true'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inserir {numero}' }));
    await waitFor(() =>
      expect((within(dialog).getByTestId('campaign-message3') as HTMLTextAreaElement).value).toBe('{numero}'),
    );
    expect((within(dialog).getByTestId('campaign-message1') as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses a campaign without a message or a connection, then saves what the shared schema accepts', async () => {
    signInWithCampaigns();
    const onClose = vi.fn();
    const { calls } = campaignsApi({
      extra: (call) =>
        call.method === 'POST' && call.path === '/campaigns'
          ? { status: 201, body: campaign({ id: 'new', ...(call.body as object) }) }
          : undefined,
    });
    const dialog = await openDialog(null, onClose);

    fireEvent.change(within(dialog).getByTestId('campaign-name-input'), { target: { value: 'Natal' } });
    fireEvent.click(within(dialog).getByTestId('campaign-submit'));
    expect(await within(dialog).findByText('Escolha ao menos uma conexão')).toBeTruthy();
    expect(within(dialog).getByText('Preencha ao menos uma mensagem')).toBeTruthy();
    expect(within(dialog).getByText('Escolha uma lista de contatos ou uma tag')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const select = within(dialog).getByTestId('campaign-target-select') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    fireEvent.change(select, { target: { value: 'l1' } });
    fireEvent.change(within(dialog).getByTestId('campaign-message1'), { target: { value: 'Feliz Natal, {nome}!' } });
    // The connections select: its hidden native select carries the choice.
    const connections = within(dialog).getByTestId('campaign-connections').querySelector('select')!;
    await waitFor(() => expect(connections.options.length).toBeGreaterThan(1));
    await act(async () => {
      connections.options[1]!.selected = true; // w2 (sorted: Suporte, Vendas)
      fireEvent.change(connections);
    });
    fireEvent.click(within(dialog).getByTestId('campaign-submit'));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/campaigns')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Natal',
      message1: 'Feliz Natal, {nome}!',
      contactListId: 'l1',
      tagListId: null,
      confirmation: false,
      scheduledAt: null,
    });
    expect((body.whatsappIds as string[]).length).toBe(1);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
