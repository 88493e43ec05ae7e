import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANY_SCHEDULES, type CompanySettingDto } from '@atende/shared';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { maskHhmm } from '@/components/week-hours-editor';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const settings = (overrides: Record<string, string> = {}): CompanySettingDto[] =>
  Object.entries({
    userRating: 'disabled',
    scheduleType: 'disabled',
    call: 'enabled',
    CheckMsgIsGroup: 'enabled',
    chatBotType: 'text',
    addAlterConnection: 'disabled',
    userViewTicketsWithoutDepartment: 'disabled',
    newLeadsNotWriteName: 'disabled',
    userAlwaysSubmitSignature: 'disabled',
    allowsUserToUseInternalChat: 'enabled',
    ticketReopenWindowMinutes: '5',
    autoCloseTicketsMinutes: '120',
    ...overrides,
  }).map(([key, value]) => ({ key, value, companyId: 'c1' }));

const switchInput = (key: string) => screen.getByTestId(`setting-${key}`).querySelector('input') as HTMLInputElement;
/** What the switch shows (Chakra's state attribute; the hidden input's own `checked` is the browser's). */
const shownOn = (key: string) => screen.getByTestId(`setting-${key}`).getAttribute('data-state') === 'checked';

describe('settings → Options and Hours of a company admin (spec part 2 §2, §3, §5, §8)', () => {
  beforeEach(() => sessionStore.signIn('token', sessionUser()));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves a toggle with the success toast, and puts it back with the error toast when refused', async () => {
    const toasts = vi.spyOn(toaster, 'create');
    const api = fakeApi({
      'GET /api/settings': { status: 200, body: settings() },
      'PUT /api/settings/userRating': { status: 200, body: { key: 'userRating', value: 'enabled', companyId: 'c1' } },
      'PUT /api/settings/call': { status: 500, body: { error: 'ERR_INTERNAL' } },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    await screen.findByTestId('company-options');

    fireEvent.click(switchInput('userRating'));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'success', title: 'Parâmetro atualizado com sucesso.' }),
      ),
    );
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/settings/userRating',
      body: { key: 'userRating', value: 'enabled' },
    });
    expect(shownOn('userRating')).toBe(true);

    expect(shownOn('call')).toBe(true);
    fireEvent.click(switchInput('call'));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'Erro ao atualizar parâmetro.' })),
    );
    await waitFor(() => expect(shownOn('call')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/settings/call')!.body).toEqual({ key: 'call', value: 'disabled' });
  });

  it("keeps the chatbot type select disabled on 'text', and saves minutes only when they are valid", async () => {
    const api = fakeApi({
      'GET /api/settings': { status: 200, body: settings() },
      'PUT /api/settings/autoCloseTicketsMinutes': {
        status: 200,
        body: { key: 'autoCloseTicketsMinutes', value: '30', companyId: 'c1' },
      },
    });
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    await screen.findByTestId('company-options');
    const chatbot = screen.getByTestId('setting-chatBotType') as HTMLSelectElement;
    expect(chatbot.disabled).toBe(true);
    expect(chatbot.value).toBe('text');

    const minutes = screen.getByTestId('setting-autoCloseTicketsMinutes') as HTMLInputElement;
    fireEvent.change(minutes, { target: { value: '99999999' } });
    fireEvent.blur(minutes);
    fireEvent.change(minutes, { target: { value: '30' } });
    fireEvent.blur(minutes);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ key: 'autoCloseTicketsMinutes', value: '30' });
  });

  it("shows the Hours tab once scheduleType is 'company', and saves the week typed through the HH:MM mask", async () => {
    const api = fakeApi({
      'GET /api/settings': { status: 200, body: settings() },
      'PUT /api/settings/scheduleType': { status: 200, body: { key: 'scheduleType', value: 'company', companyId: 'c1' } },
      'GET /api/companies/c1': {
        status: 200,
        body: { id: 'c1', timeZone: 'America/Sao_Paulo', schedules: DEFAULT_COMPANY_SCHEDULES },
      },
      'PUT /api/companies/c1/schedules': (call) => ({ status: 200, body: call.body }),
    });
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    await screen.findByTestId('company-options');
    expect(screen.queryByTestId('settings-tab-hours')).toBeNull();

    fireEvent.change(screen.getByTestId('setting-scheduleType'), { target: { value: 'company' } });
    fireEvent.click(await screen.findByTestId('settings-tab-hours'));
    const hours = await screen.findByTestId('company-hours');
    const saturdayEnd = within(hours).getByTestId('hours-saturday-endTime') as HTMLInputElement;
    expect(saturdayEnd.value).toBe('12:00');
    fireEvent.change(saturdayEnd, { target: { value: '1330' } });
    expect(saturdayEnd.value).toBe('13:30');
    fireEvent.click(within(hours).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/companies/c1/schedules')).toBe(true));
    const body = api.calls.find((c) => c.path === '/api/companies/c1/schedules')!.body as {
      id: string;
      timeZone: string;
      schedules: { weekdayEn: string; startTime: string; endTime: string }[];
    };
    expect(body).toMatchObject({ id: 'c1', timeZone: 'America/Sao_Paulo' });
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules.find((e) => e.weekdayEn === 'saturday')).toMatchObject({ startTime: '08:00', endTime: '13:30' });
  });

  it('does not send a week with a time that is not HH:MM', async () => {
    const api = fakeApi({
      'GET /api/settings': { status: 200, body: settings({ scheduleType: 'company' }) },
      'GET /api/companies/c1': {
        status: 200,
        body: { id: 'c1', timeZone: 'America/Sao_Paulo', schedules: DEFAULT_COMPANY_SCHEDULES },
      },
    });
    sessionStore.signIn(
      'token',
      sessionUser({ company: { ...sessionUser().company, settings: [{ key: 'scheduleType', value: 'company' }] } }),
    );
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    fireEvent.click(await screen.findByTestId('settings-tab-hours'));
    const hours = await screen.findByTestId('company-hours');
    fireEvent.change(within(hours).getByTestId('hours-monday-startTime'), { target: { value: '9' } });
    fireEvent.click(within(hours).getByRole('button', { name: 'Salvar' }));
    expect(await within(hours).findByText('Use o formato HH:MM.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('masks hours as HH:MM', () => {
    expect(maskHhmm('0')).toBe('0');
    expect(maskHhmm('083')).toBe('08:3');
    expect(maskHhmm('08:30')).toBe('08:30');
    expect(maskHhmm('a1b2c3d4e5')).toBe('12:34');
  });
});
