import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CampaignDto, CampaignSettings, CampaignStatsDto, Profile } from '@atende/shared';
import { DEFAULT_CAMPAIGN_SETTINGS } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { AppToaster } from '@/components/app-toaster';
import { fakeTicketsApi, ok, signInAs, type ApiCall } from '../tickets/support';

export function campaign(overrides: Partial<CampaignDto> = {}): CampaignDto {
  return {
    id: 'k1',
    name: 'Black Friday',
    status: 'INATIVA',
    message1: '',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    confirmation: false,
    confirmationMessage1: '',
    confirmationMessage2: '',
    confirmationMessage3: '',
    confirmationMessage4: '',
    confirmationMessage5: '',
    contactListId: 'l1',
    contactList: { id: 'l1', name: 'CLIENTES VIP' },
    tagListId: null,
    whatsappIds: ['w1'],
    whatsapp: [{ id: 'w1', name: 'Vendas' }],
    scheduledAt: null,
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export function stats(used: number, allowed: number, by: CampaignStatsDto['limitOfCampaignBy'] = 'month'): CampaignStatsDto {
  return {
    limitOfCampaignBy: by,
    numberOfCampaigns: allowed,
    numberOfGroupsCampaigns: 5,
    numberOfContactsInGroupsCampaigns: 1000,
    valueOfResourceCampaigns: 39.99,
    stats: { campaigns: used, groupsCampaigns: 1, contactsInGroupsCampaigns: [] },
  };
}

/** Signs in a user of a company with campaigns switched on. */
export const signInWithCampaigns = (profile: Profile = 'admin') =>
  signInAs({ id: 'u1', profile }, [{ key: 'campaignsEnabled', value: 'enabled' }]);

interface CampaignsApiOptions {
  pages?: CampaignDto[][];
  settings?: CampaignSettings;
  stats?: CampaignStatsDto;
  /** Anything else (a report, a save); undefined falls back to the defaults below. */
  extra?: (call: ApiCall) => { status: number; body?: unknown } | undefined;
}

/** The campaigns API and the editor's lookups, behind `fetch`. */
export function campaignsApi({
  pages = [[]],
  settings = DEFAULT_CAMPAIGN_SETTINGS,
  stats: s,
  extra,
}: CampaignsApiOptions = {}) {
  return fakeTicketsApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/campaigns') {
      const index = call.query.get('cursor') ? Number(call.query.get('cursor')) : 0;
      const hasMore = index + 1 < pages.length;
      return ok({ records: pages[index] ?? [], hasMore, ...(hasMore ? { cursor: String(index + 1) } : {}) });
    }
    if (call.method === 'GET' && call.path === '/campaigns/stats') return ok(s ?? stats(0, 10));
    if (call.method === 'GET' && call.path === '/campaign-settings') return ok(settings);
    if (call.method === 'GET' && call.path === '/whatsapp')
      return ok([
        { id: 'w1', name: 'Vendas' },
        { id: 'w2', name: 'Suporte' },
      ]);
    if (call.method === 'GET' && call.path === '/contact-lists/list')
      return ok([{ id: 'l1', name: 'CLIENTES VIP', contactsCount: 3, createdAt: '', updatedAt: '' }]);
    if (call.method === 'GET' && call.path === '/tags/list') return ok([{ id: 't1', name: 'Atacado', color: '#000000' }]);
    return undefined;
  });
}

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** Renders `ui` at `route` (matched by `pattern`), with a probe of the current path and the toasts. */
export function renderAt(ui: ReactElement, route = '/campaigns', pattern = '/campaigns') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={pattern} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <AppToaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { ...view, queryClient };
}
