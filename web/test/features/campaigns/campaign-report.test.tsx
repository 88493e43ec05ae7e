import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_REPORT_REFRESH_MS, type CampaignRealtimeData, type CampaignReportDto } from '@atende/shared';
import { CampaignReportPage } from '@/features/campaigns';
import { campaign, campaignsApi, renderAt, signInWithCampaigns } from './support';

const realtime = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>() }));
vi.mock('@/lib/realtime', () => ({
  useRealtime: (kind: string, handler: (data: unknown) => void, enabled = true) => {
    if (enabled) realtime.handlers.set(kind, handler);
  },
}));

const report = (overrides: Partial<CampaignReportDto> = {}): CampaignReportDto => ({
  campaign: campaign({ id: 'k1', name: 'Black Friday', status: 'EM_ANDAMENTO' }),
  validContacts: 1000,
  planned: 1000,
  delivered: 120,
  confirmationRequested: 300,
  confirmed: 95,
  failed: 4,
  ...overrides,
});

/** The report API answering `answers` in turn (the last one again after that). */
function reportApi(answers: CampaignReportDto[]) {
  let served = 0;
  const api = campaignsApi({
    extra: (call) =>
      call.method === 'GET' && call.path === '/campaigns/k1/report'
        ? { status: 200, body: answers[Math.min(served++, answers.length - 1)] }
        : undefined,
  });
  return { ...api, reads: () => api.calls.filter((c) => c.path === '/campaigns/k1/report').length };
}

const renderReport = () => renderAt(<CampaignReportPage />, '/campaign/k1/report', '/campaign/:campaignId/report');
const push = (data: CampaignRealtimeData) => act(() => realtime.handlers.get('campaign')!(data));
/** Fake time moved on, with what it runs (timers, refetches) settled inside act. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const figure = (key: string) =>
  within(screen.getByTestId(`campaign-report-${key}`)).getByTestId('campaign-report-value').textContent;

describe('the campaign report (spec part 3 "Campaign report page")', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the name, the status with delivered of valid, the progress and every figure', async () => {
    signInWithCampaigns();
    reportApi([report()]);
    renderReport();

    expect(await screen.findByText('Relatório de Black Friday')).toBeTruthy();
    expect(screen.getByTestId('campaign-report-delivered-of-valid').textContent).toBe('120 de 1000');
    expect(screen.getByTestId('campaign-status').textContent).toBe('Em Andamento');
    const progress = screen.getByTestId('campaign-report-progress');
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('12');
    expect(within(progress).getByText('12%')).toBeTruthy();
    expect(figure('validContacts')).toBe('1000');
    expect(figure('planned')).toBe('1000');
    expect(figure('delivered')).toBe('120');
    expect(figure('confirmationRequested')).toBe('300');
    expect(figure('confirmed')).toBe('95');
    expect(figure('failed')).toBe('4');
  });

  it("re-reads on the campaign's push, and once more 5 s after FINALIZADA", async () => {
    signInWithCampaigns();
    const done = report({ campaign: campaign({ id: 'k1', status: 'FINALIZADA' }), delivered: 990 });
    const api = reportApi([report(), done, { ...done, delivered: 996 }]);
    renderReport();
    await screen.findByText('120 de 1000');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    // Another campaign's event changes nothing here.
    push({ action: 'update', record: campaign({ id: 'other', status: 'FINALIZADA' }) });
    expect(api.reads()).toBe(1);

    push({ action: 'update', record: done.campaign });
    await waitFor(() => expect(screen.getByTestId('campaign-report-delivered-of-valid').textContent).toBe('990 de 1000'));
    expect(api.reads()).toBe(2);

    await advance(CAMPAIGN_REPORT_REFRESH_MS - 500);
    expect(api.reads()).toBe(2);
    await advance(600);
    await waitFor(() => expect(screen.getByTestId('campaign-report-delivered-of-valid').textContent).toBe('996 de 1000'));
    expect(api.reads()).toBe(3);
  });

  it('polls while the campaign sends, and stops once it has finished', async () => {
    signInWithCampaigns();
    const done = report({ campaign: campaign({ id: 'k1', status: 'FINALIZADA' }), delivered: 1000 });
    const api = reportApi([report(), report({ delivered: 500 }), done]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderReport();
    await screen.findByText('120 de 1000');

    await advance(5_100);
    await waitFor(() => expect(screen.getByText('500 de 1000')).toBeTruthy());
    await advance(5_100);
    await waitFor(() => expect(screen.getByText('1000 de 1000')).toBeTruthy());
    const reads = api.reads();
    await advance(20_000);
    expect(api.reads()).toBe(reads);
  });
});
