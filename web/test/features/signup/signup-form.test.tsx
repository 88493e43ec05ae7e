import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignupPage } from '@/features/signup/components/signup-page';
import { planIdFromMessage } from '@/features/signup';
import { fakeApi } from '../../support/fake-api';
import { renderWithProviders } from '../../support/render';

const PLANS = [
  {
    id: 'p10',
    name: 'PRO',
    users: 10,
    connections: 3,
    queues: 5,
    value: 199.9,
    valueYearly: 1999,
    useIntegration: true,
    isActive: true,
    isPublished: true,
  },
  {
    id: 'p2',
    name: 'BASICO',
    users: 2,
    connections: 1,
    queues: 2,
    value: 49.9,
    valueYearly: 499,
    useIntegration: false,
    isActive: true,
    isPublished: true,
  },
];

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  fill(/^Nome da empresa/, 'Padaria Azul');
  fill(/^CNPJ/, '11.222.333/0001-81');
  fill(/^Telefone/, '11 99999-8888');
  fill(/^Seu nome completo/, 'Maria da Silva');
  fill(/^E-mail/, 'maria@azul.com.br');
  fill(/^Senha/, 'segredo1');
}

const acceptTerms = () => fireEvent.click(screen.getByText(/Li e aceito os termos/));
const submit = () => screen.getByTestId('signup-submit') as HTMLButtonElement;
/** Submits as the enabled button does (jsdom's click on a submit button is flaky under load). */
const send = () => {
  expect(submit().disabled).toBe(false);
  fireEvent.submit(submit().form!);
};

describe('sign-up form (spec part 1 §2 "Sign-up", §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the button disabled until the terms are accepted', async () => {
    fakeApi({ 'GET /api/plans/list': { status: 200, body: PLANS } });
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await screen.findByTestId('plan-p2');
    expect(submit()).toHaveProperty('disabled', true);
    acceptTerms();
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
  });

  it("refuses 'teste', a bad CNPJ, a bad phone, a bad e-mail and a missing plan with the spec's texts", async () => {
    const { calls } = fakeApi({ 'GET /api/plans/list': { status: 200, body: PLANS } });
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await screen.findByTestId('plan-p2');
    fillValid();
    fill(/^Nome da empresa/, 'Empresa Teste');
    fill(/^CNPJ/, '11.222.333/0001-80');
    fill(/^Telefone/, '11 999'); // what the mask leaves of a short number
    fill(/^E-mail/, 'maria@');
    acceptTerms();
    await waitFor(() => expect(submit().disabled).toBe(false));
    send();

    expect(await screen.findByText('CNPJ inválido, verifique!', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getAllByText('Valor inválido')).toHaveLength(2); // 'teste' in the name, the phone
    expect(screen.getByText('O endereço de email é inválido!')).toBeTruthy();
    expect(screen.getByText('Escolha um plano baseado na quantidade de atendentes que precisa!')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps every digit of a CNPJ and a phone typed fast or pasted over (issue 30 item 9)', async () => {
    const { calls } = fakeApi({
      'GET /api/plans/list': { status: 200, body: PLANS },
      'POST /api/leads-web': { status: 201, body: { id: 'l1', email: 'maria@azul.com.br' } },
    });
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await screen.findByTestId('plan-p2');
    fillValid();
    const user = userEvent.setup({ delay: null }); // keys arriving while the page is still busy rendering
    const cnpj = screen.getByLabelText(/^CNPJ/) as HTMLInputElement;
    const phone = screen.getByLabelText(/^Telefone/) as HTMLInputElement;
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000181');
    await user.clear(phone);
    await user.type(phone, '21988887777');
    expect(cnpj.value).toBe('11.222.333/0001-81');
    expect(phone.value).toBe('21 98888-7777');
    // A CNPJ copied from elsewhere, pasted over the one typed.
    await user.tripleClick(cnpj);
    await user.paste('45.723.174/0001-10');
    expect(cnpj.value).toBe('45.723.174/0001-10');
    fireEvent.click(screen.getByTestId('plan-p2'));
    acceptTerms();
    await waitFor(() => expect(submit().disabled).toBe(false));
    send();

    expect(await screen.findByTestId('signup-sent', {}, { timeout: 8000 })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      vat: '45.723.174/0001-10',
      phone: '21 98888-7777',
    });
  });

  it('offers the plans by number of attendants, fewest first', async () => {
    fakeApi({ 'GET /api/plans/list': { status: 200, body: PLANS } });
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await screen.findByTestId('plan-p2');
    const order = screen.getAllByTestId(/^plan-/).map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual(['plan-p2', 'plan-p10']);
    expect(screen.getByText('Até 10 atendentes')).toBeTruthy();
  });

  it('registers the lead with the plan the embedding page posted', async () => {
    const { calls } = fakeApi({
      'GET /api/plans/list': { status: 200, body: PLANS },
      'POST /api/leads-web': { status: 201, body: { id: 'l1', email: 'maria@azul.com.br' } },
    });
    const parent = { postMessage: () => {} } as unknown as Window;
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent);
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await screen.findByTestId('plan-p2');
    fillValid();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { planId: 'p10' }, source: parent as unknown as MessageEventSource }),
      );
    });
    acceptTerms();
    await waitFor(() => expect(submit().disabled).toBe(false));
    send();

    expect(await screen.findByTestId('signup-sent', {}, { timeout: 8000 })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Padaria Azul', planId: 'p10', terms: true, phone: '11 99999-8888' });
  });

  it('ignores messages from anything but the embedding page', () => {
    expect(planIdFromMessage('p1')).toBe('p1');
    expect(planIdFromMessage({ plan: 7 })).toBe('7');
    expect(planIdFromMessage({ other: 1 })).toBeNull();
  });

  it('prefills the fields a landing page sends with register=front-web-page', async () => {
    fakeApi({ 'GET /api/plans/list': { status: 200, body: PLANS } });
    renderWithProviders(<SignupPage />, {
      route: '/signup?register=front-web-page&name=Loja%20Sol&email=ana%40sol.com&planId=p2',
    });
    await screen.findByTestId('plan-p2');
    expect((screen.getByLabelText(/^Nome da empresa/) as HTMLInputElement).value).toBe('Loja Sol');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('ana@sol.com');
  });
});

describe('sign-up confirmation (?token=, spec part 1 §4 "Lead")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['activated', 'Sua conta foi ativada com sucesso, faça login.'],
    ['already_active', 'Sua conta já foi ativada, faça login para continuar.'],
    ['banned', 'Sua conta foi banida da plataforma, entre em contato com suporte técnico.'],
  ])('says %s with the spec text', async (code, text) => {
    fakeApi({
      'POST /api/auth/validateTokenSignup': { status: 200, body: { isValid: code === 'activated', code, email: 'a@b.co' } },
    });
    // Tokens differ per case: the page's query cache outlives a render (a token is checked once).
    renderWithProviders(<SignupPage />, { route: `/signup?token=token-of-${code}` });
    expect((await screen.findByTestId('signup-token-outcome', {}, { timeout: 8000 })).textContent).toBe(text);
  });

  it('offers a new link when the token expired', async () => {
    const { calls } = fakeApi({
      'POST /api/auth/validateTokenSignup': { status: 200, body: { isValid: false, code: 'expired', email: 'a@b.co' } },
      'POST /api/auth/tokenSignup': { status: 200, body: { sent: true } },
    });
    renderWithProviders(<SignupPage />, { route: '/signup?token=token-that-expired' });
    expect((await screen.findByTestId('signup-token-outcome', {}, { timeout: 8000 })).textContent).toBe(
      'Token de validação da conta expirado.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar novo link de confirmação' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/tokenSignup')).toBe(true));
    expect(calls.find((call) => call.path === '/api/auth/tokenSignup')?.body).toEqual({ email: 'a@b.co' });
    // The token is checked once, however often the page renders.
    expect(calls.filter((call) => call.path === '/api/auth/validateTokenSignup')).toHaveLength(1);
  });
});
