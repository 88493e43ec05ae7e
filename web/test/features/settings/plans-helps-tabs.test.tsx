import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import { HelpsTab } from '@/features/settings/components/helps-tab';
import { PlansTab } from '@/features/settings/components/plans-tab';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { plan, platformSuperUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const PLAN = plan();
const HELP = { id: 'h1', title: 'Primeiros passos', description: 'Como conectar', video: 'abc123' };
const SAVE_FAILED = /Não foi possível realizar a operação/;

/** A form's input by its field name (two labels start with 'value'). */
const field = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('settings: the plans and helps forms above their lists (spec part 2 §2, §5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  beforeEach(() => sessionStore.signIn('token', platformSuperUser()));

  it('edits a plan picked in the list, sends the comma-typed value as a number, then clears the form', async () => {
    const api = fakeApi({
      'GET /api/plans/all': { status: 200, body: [PLAN] },
      'PUT /api/plans/p1': { status: 200, body: { ...PLAN, value: 129.5 } },
    });
    renderWithProviders(<PlansTab />, { route: '/settings' });
    const row = await screen.findByTestId('plan-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Editar' }));
    const form = screen.getByTestId('plan-form');
    await waitFor(() => expect(field(form, 'name').value).toBe('PLANO PADRÃO'));
    expect(field(form, 'value').value).toBe('99,90');
    fireEvent.input(field(form, 'value'), { target: { value: '129,50' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/plans/p1');
    expect(put.body).toMatchObject({ name: 'PLANO PADRÃO', value: 129.5, users: 10 });
    await waitFor(() => expect(field(form, 'name').value).toBe(''));
  });

  it('keeps what was typed when a new plan is refused, and says so', async () => {
    const toasts = vi.spyOn(toaster, 'create');
    const api = fakeApi({
      'GET /api/plans/all': { status: 200, body: [] },
      'POST /api/plans': { status: 400, body: { error: 'ERR_PLAN_EXISTS' } },
    });
    renderWithProviders(<PlansTab />, { route: '/settings' });
    const form = await screen.findByTestId('plan-form');
    fireEvent.input(field(form, 'name'), { target: { value: 'Plano Ouro' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/plans')).toBe(true));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', title: expect.stringMatching(SAVE_FAILED) }),
      ),
    );
    expect(field(form, 'name').value).toBe('Plano Ouro');
  });

  it('says so when there are no help videos or plans, instead of bare column headers', async () => {
    fakeApi({ 'GET /api/helps': { status: 200, body: [] }, 'GET /api/plans/all': { status: 200, body: [] } });
    const helps = renderWithProviders(<HelpsTab />, { route: '/settings' });
    expect(await screen.findByText('Nenhum vídeo de ajuda cadastrado.')).toBeTruthy();
    helps.unmount();
    renderWithProviders(<PlansTab />, { route: '/settings' });
    expect(await screen.findByText('Nenhum plano cadastrado.')).toBeTruthy();
  });

  it('creates a help and asks before deleting one', async () => {
    const api = fakeApi({
      'GET /api/helps': { status: 200, body: [HELP] },
      'POST /api/helps': { status: 201, body: { ...HELP, id: 'h2', title: 'Filas' } },
      'DELETE /api/helps/h1': { status: 204 },
    });
    renderWithProviders(<HelpsTab />, { route: '/settings' });
    await screen.findByText('Primeiros passos');
    const form = screen.getByTestId('help-form');
    fireEvent.input(field(form, 'title'), { target: { value: 'Filas' } });
    fireEvent.input(field(form, 'video'), { target: { value: 'xyz' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Filas', video: 'xyz' });
    await waitFor(() => expect(field(form, 'title').value).toBe(''));

    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir a ajuda Primeiros passos?')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/helps/h1')).toBe(true));
  });
});
