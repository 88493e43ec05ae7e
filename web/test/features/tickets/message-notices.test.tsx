/**
 * Issue 29 §2.5 and §2.10: a missed call is a system line with its time, not a bubble; a WhatsApp type
 * the console does not show is labelled with its name, translated.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBubble } from '@/features/tickets/components/conversation/message-bubble';
import { messageTime } from '@/features/tickets/lib/list-time';
import i18n from '@/lib/i18n';
import { message, renderAt, signInAs } from './support';

afterEach(async () => {
  await act(() => i18n.changeLanguage('pt-BR'));
});

describe('items that are not something the customer wrote', () => {
  it('shows a missed call as a system line with its time, in each language', async () => {
    signInAs();
    const at = '2026-03-02T14:05:00.000Z';
    const call = message({
      id: 'c',
      body: 'Chamada de voz perdida',
      createdAt: at,
      notice: { kind: 'missedCall', isVideo: false },
    });
    const video = message({ id: 'v', body: 'Chamada de vídeo perdida', notice: { kind: 'missedCall', isVideo: true } });
    renderAt(
      <>
        <MessageBubble message={call} />
        <MessageBubble message={video} />
      </>,
    );
    const [voiceLine, videoLine] = screen.getAllByTestId('message-missed-call');
    expect(voiceLine!.textContent).toBe(`Chamada de voz perdida${messageTime(at)}`);
    expect(videoLine!.textContent).toContain('Chamada de vídeo perdida');
    expect(screen.queryByTestId('message')).toBeNull();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getAllByTestId('message-missed-call')[0]!.textContent).toContain('Missed voice call');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getAllByTestId('message-missed-call')[1]!.textContent).toContain('Videollamada perdida');
  });

  it('labels an unsupported type with its name instead of the stored placeholder', async () => {
    signInAs();
    renderAt(
      <MessageBubble
        message={message({
          body: '[Mensagem não suportada: orderMessage]',
          notice: { kind: 'unsupported', type: 'orderMessage' },
        })}
      />,
    );
    expect(screen.getByTestId('message-unsupported').textContent).toContain('Mensagem não suportada: orderMessage');
    expect(screen.queryByTestId('message-body')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('message-unsupported').textContent).toContain('Unsupported message: orderMessage');
  });
});
