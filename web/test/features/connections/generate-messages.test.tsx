import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionDialog } from '@/features/connections/components/connection-dialog';
import { generateMessages } from '@/features/connections/lib/generate-messages';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { company, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from './render';

describe('generateMessages', () => {
  it('refuses without a name', () => {
    expect(generateMessages({ name: ' ** ', useApi: false, language: 'pt-BR' })).toEqual({
      ok: false,
      reason: 'nameRequired',
    });
  });

  it('strips asterisks and fills every template with spintax and placeholders', () => {
    const result = generateMessages({ name: '*Padaria* Central', useApi: false, language: 'pt-BR' });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { values } = result;
    expect(values.name).toBe('Padaria Central');
    expect(values.greetingMessage).toMatch(/\{[^{}|]+(\|[^{}|]+)+\}/); // {a|b|c}
    expect(values.greetingMessage).toContain('{{name}}');
    expect(values.greetingMessage).toContain('{{ms}}');
    expect(values.greetingMessage).toContain('{{protocol}}');
    for (const text of [values.complationMessage, values.outOfHoursMessage, values.ratingMessage]) {
      expect(text).toContain('Padaria Central');
    }
    expect(values.token).toBeUndefined();
  });

  it('adds a 64-character alphanumeric token when the company uses the API', () => {
    const result = generateMessages({ name: 'Padaria', useApi: true, language: 'pt-BR' });

    expect(result.ok && result.values.token).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('follows the interface language', () => {
    const result = generateMessages({ name: 'Bakery', useApi: false, language: 'en' });

    expect(result.ok && result.values.greetingMessage).toContain('{Hello|Hi|Welcome}');
  });
});

describe('connection dialog "generate messages"', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeApi({ 'GET /api/queue': { status: 200, body: [] } });
    sessionStore.signIn('token', sessionUser({ company: company({ settings: [{ key: 'useApi', value: 'enabled' }] }) }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills the four messages and the token from the typed name', async () => {
    renderWithProviders(<ConnectionDialog open connectionId={null} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Padaria **Central**' } });

    fireEvent.click(screen.getByRole('button', { name: /Gerar mensagens/ }));

    await waitFor(() => expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Padaria Central'));
    expect((screen.getByLabelText('Mensagem de saudação') as HTMLTextAreaElement).value).toContain('{{protocol}}');
    expect((screen.getByLabelText('Mensagem de avaliação') as HTMLTextAreaElement).value).toContain('Padaria Central');
    expect((screen.getByPlaceholderText('Nenhum token gerado') as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('leaves the form alone without a name', async () => {
    renderWithProviders(<ConnectionDialog open connectionId={null} onClose={vi.fn()} />);
    await screen.findByLabelText(/^Nome/);

    fireEvent.click(screen.getByRole('button', { name: /Gerar mensagens/ }));

    expect((screen.getByLabelText('Mensagem de saudação') as HTMLTextAreaElement).value).toBe('');
  });
});
