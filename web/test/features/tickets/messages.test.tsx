import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelWindowNotice } from '@/features/tickets/components/conversation/channel-window-notice';
import { MessageBubble } from '@/features/tickets/components/conversation/message-bubble';
import { MessageList } from '@/features/tickets/components/conversation/message-list';
import { parseLocation, parseVcard } from '@/features/tickets/components/conversation/message-media';
import { fakeTicketsApi, message, ok, renderAt, signInAs, ticket } from './support';

describe('message bubble (spec part 1 §2, §3, §4)', () => {
  it.each([
    [0, 'sent'],
    [1, 'sent'],
    [2, 'delivered'],
    [3, 'read'],
    [4, 'readColoured'],
  ])('shows ack %i as %s', (ack, glyph) => {
    signInAs();
    renderAt(<MessageBubble message={message({ fromMe: true, ack })} />);
    expect(screen.getByTestId('ack').getAttribute('data-glyph')).toBe(glyph);
  });

  it('shows no ack on the customer’s messages', () => {
    signInAs();
    renderAt(<MessageBubble message={message({ fromMe: false, ack: 3 })} />);
    expect(screen.queryByTestId('ack')).toBeNull();
  });

  it('marks deleted and edited messages and shows the quoted one', () => {
    signInAs();
    renderAt(
      <>
        <MessageBubble message={message({ id: 'a', isDeleted: true, body: 'segredo' })} />
        <MessageBubble
          message={message({
            id: 'b',
            body: 'às 15h',
            editedMessage: 'às 14h',
            quotedMsg: { id: 'q', externalId: 'x', body: 'Que horas?', fromMe: true, mediaType: null },
          })}
        />
      </>,
    );
    expect(screen.getByTestId('message-deleted').textContent).toContain('Essa mensagem foi apagada');
    expect(screen.queryByText('segredo')).toBeNull();
    expect(screen.getByTestId('message-edited').getAttribute('title')).toBe('Mensagem original: às 14h');
    expect(screen.getByTestId('quoted-message').textContent).toBe('Que horas?');
  });

  it('renders image, audio, video, document, location and contact card media', () => {
    signInAs();
    const url = 'https://media.test/file';
    renderAt(
      <>
        <MessageBubble message={message({ id: '1', mediaType: 'image', mediaUrl: `${url}.jpg`, body: 'foto' })} />
        <MessageBubble message={message({ id: '2', mediaType: 'audio', mediaUrl: `${url}.ogg`, body: '' })} />
        <MessageBubble message={message({ id: '3', mediaType: 'video', mediaUrl: `${url}.mp4`, body: '' })} />
        <MessageBubble
          message={message({ id: '4', mediaType: 'document', mediaUrl: `${url}.pdf`, body: 'orcamento.pdf' })}
        />
        <MessageBubble message={message({ id: '5', mediaType: 'locationMessage', body: '-23.55,-46.63' })} />
        <MessageBubble
          message={message({
            id: '6',
            mediaType: 'contactMessage',
            body: 'BEGIN:VCARD\nFN:Carlos Silva\nTEL;type=CELL:+55 11 91234-5678\nEND:VCARD',
          })}
        />
      </>,
    );
    expect(screen.getByTestId('media-image').getAttribute('src')).toBe(`${url}.jpg`);
    expect(screen.getByTestId('media-audio').getAttribute('src')).toBe(`${url}.ogg`);
    expect(screen.getByTestId('media-video')).toBeTruthy();
    expect(screen.getByTestId('media-document').textContent).toContain('orcamento.pdf');
    expect(within(screen.getByTestId('media-location')).getByRole('link').getAttribute('href')).toContain('-23.55%2C-46.63');
    expect(screen.getByTestId('media-contact').textContent).toContain('Carlos Silva');
    expect(parseVcard('FN:Ana\nitem1.TEL:+1 555').number).toBe('+1 555');
    expect(parseLocation('data:image/png;base64,xx|https://maps.google.com/?q=1,2').href).toBe(
      'https://maps.google.com/?q=1,2',
    );
  });

  it('names a document as the sender named it, never by its stored key, and keeps its caption in the bubble', () => {
    signInAs();
    const stored = 'https://s3.test/C%23c1/media/outbound/t1/01KB0Z7A1C2D3E4F5G6H7J8K9M-or_amento.pdf?X-Amz-Signature=x';
    renderAt(
      <>
        <MessageBubble
          message={message({
            id: 'd1',
            fromMe: true,
            mediaType: 'document',
            mediaUrl: stored,
            mediaName: 'orçamento.pdf',
            body: 'segue o orçamento',
          })}
        />
        <MessageBubble message={message({ id: 'd2', mediaType: 'document', mediaUrl: stored, body: '' })} />
      </>,
    );
    const [named, unnamed] = screen.getAllByTestId('message');
    expect(within(named!).getByTestId('media-document').textContent).toBe('orçamento.pdf');
    expect(within(named!).getByTestId('message-body').textContent).toBe('segue o orçamento');
    // No name recorded (older messages): the key's last segment without its storage prefix.
    expect(within(unnamed!).getByTestId('media-document').textContent).toBe('or_amento.pdf');
    expect(within(unnamed!).queryByTestId('message-body')).toBeNull();
  });

  it('shows an image and its caption in one bubble', () => {
    signInAs();
    renderAt(
      <MessageBubble
        message={message({ mediaType: 'image', mediaUrl: 'https://media.test/a.jpg', mediaName: 'a.jpg', body: 'o bolo' })}
      />,
    );
    const [bubble] = screen.getAllByTestId('message');
    expect(within(bubble!).getByTestId('media-image')).toBeTruthy();
    expect(within(bubble!).getByTestId('message-body').textContent).toBe('o bolo');
  });

  it('offers reply and delete in the message menu when the caller allows them', async () => {
    signInAs();
    const onReply = vi.fn();
    const onDelete = vi.fn();
    renderAt(<MessageBubble message={message({ fromMe: true })} onReply={onReply} onDelete={onDelete} />);

    fireEvent.click(screen.getByRole('button', { name: 'Opções da mensagem' }));

    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Responder', 'Deletar']);
  });
});

describe('24-hour notice (spec part 1 §9)', () => {
  it.each([
    ['facebook', true],
    ['instagram', true],
    ['whatsapp', false],
  ] as const)('%s → %s', (channel, shown) => {
    signInAs();
    renderAt(<ChannelWindowNotice ticket={ticket({ channel })} />);
    expect(screen.queryByTestId('channel-window-notice') !== null).toBe(shown);
  });
});

describe('message list paging (spec part 1 §9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the older page only when scrolled within 50 px of the top', async () => {
    signInAs();
    const { calls } = fakeTicketsApi((call) => {
      if (call.path !== '/messages/t1') return undefined;
      const pageNumber = Number(call.query.get('pageNumber'));
      const body = pageNumber === 1 ? 'recente' : 'antiga';
      const at = pageNumber === 1 ? '2026-11-23T10:00:00.000Z' : '2026-11-22T10:00:00.000Z';
      return ok({
        messages: [message({ id: `m${pageNumber}`, body, createdAt: at })],
        ticket: ticket(),
        count: 2,
        hasMore: pageNumber === 1,
        cursor: 'c2',
      });
    });
    renderAt(<MessageList ticketId="t1" />);
    const list = await screen.findByTestId('message-list');
    await screen.findByText('recente');
    const pages = () => calls.filter((c) => c.path === '/messages/t1').map((c) => c.query.get('pageNumber'));

    list.scrollTop = 120;
    fireEvent.scroll(list);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages()).toEqual(['1']);

    list.scrollTop = 40;
    fireEvent.scroll(list);

    await screen.findByText('antiga');
    expect(pages()).toEqual(['1', '2']);
    expect(calls.at(-1)?.query.get('cursor')).toBe('c2');
    await waitFor(() =>
      expect(screen.getAllByTestId('day-separator').map((el) => el.textContent)).toEqual(['22/11/2026', '23/11/2026']),
    );
  });
});

describe('WhatsApp markup in bubbles', () => {
  it('shows *bold*, _italic_, ~strike~ and ```mono``` without the marks', async () => {
    const { parseWhatsappMarkup } = await import('@/features/tickets/lib/whatsapp-markup');
    expect(parseWhatsappMarkup('*Ana:*\nOlá _você_ ~não~ ```x```')).toEqual([
      { text: 'Ana:', style: 'bold' },
      { text: '\nOlá ' },
      { text: 'você', style: 'italic' },
      { text: ' ' },
      { text: 'não', style: 'strike' },
      { text: ' ' },
      { text: 'x', style: 'mono' },
    ]);
    expect(parseWhatsappMarkup('2 * 3 = 6')).toEqual([{ text: '2 * 3 = 6' }]);
  });
});
