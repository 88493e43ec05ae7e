import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiDocsPage } from '@/features/api-docs';
import { fakeApi } from '../../support/fake-api';
import { renderWithProviders } from '../../support/render';

const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6A7b8C9d0E1f2';
const ANSWER = { number: '+5511987654321', contactId: 'ct1', ticketId: 'tk1', messageIds: ['m1'] };

describe('the /apidocs page (spec part 3 "Messages API documentation page")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the call with the address integrators use and links the OpenAPI document', async () => {
    fakeApi({});
    renderWithProviders(<ApiDocsPage />, { route: '/apidocs' });
    expect((await screen.findByTestId('send-url')).textContent).toBe('POST http://api.test/api/messages/send');
    expect(screen.getByTestId('openapi-link').getAttribute('href')).toBe('http://api.test/api/openapi.json');
  });

  it('text form: requires token, number and body, refuses a masked number, then sends JSON with the connection token', async () => {
    const api = fakeApi({ 'POST /api/messages/send': { status: 201, body: ANSWER } });
    renderWithProviders(<ApiDocsPage />, { route: '/apidocs' });
    const form = await screen.findByTestId('text-test-form');

    fireEvent.click(within(form).getByTestId('text-send'));
    expect((await within(form).findAllByText('Obrigatório')).length).toBe(3);

    fireEvent.change(within(form).getByTestId('text-token'), { target: { value: TOKEN } });
    fireEvent.change(within(form).getByTestId('text-number'), { target: { value: '(11) 98765-4321' } });
    fireEvent.change(within(form).getByTestId('text-body'), { target: { value: 'Olá do teste' } });
    fireEvent.click(within(form).getByTestId('text-send'));
    expect(await within(form).findByText('Número inválido: use código do país + DDD + número, só dígitos.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('text-number'), { target: { value: '5511987654321' } });
    fireEvent.click(within(form).getByTestId('text-send'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/messages/send',
      authorization: `Bearer ${TOKEN}`,
      body: { number: '5511987654321', body: 'Olá do teste' },
    });
    expect((await within(form).findByTestId('text-answer')).textContent).toContain('"ticketId": "tk1"');
  });

  it("shows the API's answer to a bad request on the field", async () => {
    fakeApi({
      'POST /api/messages/send': {
        status: 400,
        body: { error: 'ERR_VALIDATION', fields: { number: 'validation.externalApi.invalidNumber' } },
      },
    });
    renderWithProviders(<ApiDocsPage />, { route: '/apidocs' });
    const form = await screen.findByTestId('text-test-form');
    fireEvent.change(within(form).getByTestId('text-token'), { target: { value: TOKEN } });
    fireEvent.change(within(form).getByTestId('text-number'), { target: { value: '5511987654321' } });
    fireEvent.change(within(form).getByTestId('text-body'), { target: { value: 'Oi' } });
    fireEvent.click(within(form).getByTestId('text-send'));
    expect(await within(form).findByText('Número inválido: use código do país + DDD + número, só dígitos.')).toBeTruthy();
  });

  it('media form: requires a file, refuses a blocked type, and sends multipart with the file in medias', async () => {
    const api = fakeApi({ 'POST /api/messages/send': { status: 201, body: { ...ANSWER, messageIds: ['m1', 'm2'] } } });
    renderWithProviders(<ApiDocsPage />, { route: '/apidocs' });
    const form = await screen.findByTestId('media-test-form');
    fireEvent.change(within(form).getByTestId('media-token'), { target: { value: TOKEN } });
    fireEvent.change(within(form).getByTestId('media-number'), { target: { value: '5511987654321' } });
    fireEvent.click(within(form).getByTestId('media-send'));
    expect(await within(form).findByText('Escolha um arquivo')).toBeTruthy();

    const input = within(form).getByTestId('media-file');
    fireEvent.change(input, { target: { files: [new File(['echo'], 'run.sh', { type: 'application/x-sh' })] } });
    expect(await within(form).findByText('Tipo de arquivo não permitido')).toBeTruthy();

    const pdf = new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    fireEvent.change(within(form).getByTestId('media-body'), { target: { value: 'Segue o boleto' } });
    fireEvent.click(within(form).getByTestId('media-send'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ path: '/api/messages/send', authorization: `Bearer ${TOKEN}` });
    const sent = api.fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('number')).toBe('5511987654321');
    expect(sent.get('body')).toBe('Segue o boleto');
    expect((sent.get('medias') as File).name).toBe('boleto.pdf');
    expect((await within(form).findByTestId('media-answer')).textContent).toContain('"m2"');
  });
});
