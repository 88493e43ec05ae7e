/**
 * Issue 30 item 7: on the simulated customer's phone a file goes out with the caption typed beside
 * it, as one message (one bubble, as WhatsApp shows it), and files show under the name they were sent with.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimMessageView } from '@atende/shared';
import '@/features/simulator/i18n';
import { MessageBubble } from '@/features/simulator/components/message-bubble';
import { PhoneChat } from '@/features/simulator/components/phone-chat';
import { setRuntimeConfig } from '@/lib/config';
import { fakeApi } from '../../support/fake-api';
import { renderWithProviders } from '../../support/render';

const contact = { number: '5511988887777', name: 'Maria', lid: '1@lid', lidOnly: false, lastMessageAt: null };
const CONVERSATION = 'GET /connections/cn-1/contacts/5511988887777/messages';
const SEND = 'POST /connections/cn-1/contacts/5511988887777/messages';

const sent = (fields: Partial<SimMessageView>): SimMessageView => ({
  id: 'm1',
  from: 'customer',
  text: '',
  media: null,
  quotedId: null,
  ack: 1,
  edited: false,
  deleted: false,
  timestamp: '2026-11-27T10:00:00.000Z',
  ...fields,
});

describe('simulator: media on the customer phone', { timeout: 20_000 }, () => {
  beforeEach(() => {
    Element.prototype.scrollTo ??= () => undefined; // jsdom has no layout
    setRuntimeConfig({
      apiUrl: 'http://api.test/api',
      wsUrl: 'ws://api.test/ws',
      localMode: true,
      simulatorUrl: 'http://sim.test',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig({ apiUrl: 'http://api.test/api', wsUrl: 'ws://api.test/ws', localMode: false });
  });

  it('sends a picked image with the caption typed after picking it, as one message', async () => {
    const api = fakeApi({
      [CONVERSATION]: { status: 200, body: { contact, messages: [] } },
      [SEND]: (call) => {
        const body = call.body as { text?: string; media: { fileName: string; mimetype: string } };
        const media = {
          kind: 'image' as const,
          mimetype: body.media.mimetype,
          fileName: body.media.fileName,
          voiceNote: false,
        };
        return { status: 201, body: { message: sent({ text: body.text ?? '', media: { ...media, url: '/media?key=k' } }) } };
      },
    });
    renderWithProviders(
      <PhoneChat connectionId="cn-1" number="5511988887777" businessName="Loja" businessNumber="5511933334444" />,
    );
    await screen.findByText(/Envie a primeira mensagem/);
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bolo.png', { type: 'image/png' });

    fireEvent.change(screen.getByTestId('sim-file'), { target: { files: [photo] } });
    expect(within(await screen.findByTestId('sim-staged-file')).getByText('bolo.png')).toBeTruthy();
    const sends = () => api.calls.filter((c) => `${c.method} ${c.path}` === SEND);
    expect(sends()).toEqual([]); // nothing goes out before the caption
    fireEvent.change(screen.getByTestId('sim-input'), { target: { value: 'o bolo de hoje' } });
    fireEvent.click(screen.getByTestId('sim-send'));

    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]!.body).toEqual({
      text: 'o bolo de hoje',
      media: { fileName: 'bolo.png', mimetype: 'image/png', base64: 'iVBORw==' },
    });
    await waitFor(() => expect(screen.queryByTestId('sim-staged-file')).toBeNull());
    const bubbles = await screen.findAllByTestId('sim-message');
    expect(bubbles).toHaveLength(1);
    expect(within(bubbles[0]!).getByRole('img')).toBeTruthy();
    expect(bubbles[0]!.textContent).toContain('o bolo de hoje');
  });

  it('sends a picked file without a caption, and can drop it before sending', async () => {
    const api = fakeApi({
      [CONVERSATION]: { status: 200, body: { contact, messages: [] } },
      [SEND]: { status: 201, body: { message: sent({ id: 'm2' }) } },
    });
    renderWithProviders(<PhoneChat connectionId="cn-1" number="5511988887777" businessName="Loja" businessNumber={null} />);
    await screen.findByText(/Envie a primeira mensagem/);
    const pdf = new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' });

    fireEvent.change(screen.getByTestId('sim-file'), { target: { files: [pdf] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Remover arquivo' }));
    expect(screen.queryByTestId('sim-staged-file')).toBeNull();
    expect(screen.getByTestId('sim-send')).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByTestId('sim-file'), { target: { files: [pdf] } });
    await screen.findByTestId('sim-staged-file');
    fireEvent.click(screen.getByTestId('sim-send'));
    await waitFor(() => expect(api.calls.filter((c) => `${c.method} ${c.path}` === SEND)).toHaveLength(1));
    expect(api.calls.find((c) => `${c.method} ${c.path}` === SEND)!.body).toEqual({
      media: { fileName: 'contrato.pdf', mimetype: 'application/pdf', base64: 'JVBERg==' },
    });
  });

  it("shows the business's document under the name the operator gave it", () => {
    renderWithProviders(
      <MessageBubble
        message={sent({
          from: 'business',
          text: 'segue o orçamento',
          media: {
            kind: 'document',
            mimetype: 'application/pdf',
            fileName: 'orçamento.pdf',
            voiceNote: false,
            url: '/media?key=C%23c1%2Fmedia%2Foutbound%2Ft1%2F01KB0Z7A1C2D3E4F5G6H7J8K9M-or_amento.pdf&exp=1&sig=s',
          },
        })}
      />,
    );
    const bubble = screen.getByTestId('sim-message');
    expect(within(bubble).getByRole('link').textContent).toBe('orçamento.pdf');
    expect(bubble.textContent).toContain('segue o orçamento');
  });
});
