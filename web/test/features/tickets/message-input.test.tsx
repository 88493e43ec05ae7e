import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageInput } from '@/features/tickets/components/conversation/message-input';
import { acceptAttachments } from '@/lib/attachments';
import {
  cutLabel,
  isKeepableAudio,
  isSendableText,
  quickReplySuggestions,
  readSignOption,
} from '@/features/tickets/lib/input-rules';
import { fakeTicketsApi, ok, renderAt, signInAs } from './support';

const quickMessages = [
  {
    id: 'qm1',
    shortcode: 'bomdia',
    message: 'Bom dia! Em que posso ajudar você hoje com o seu pedido?',
    userId: null,
    toAll: true,
    isMedia: false,
    medias: [],
    mediaUrl: null,
    mediaName: null,
  },
  {
    id: 'qm2',
    shortcode: 'pix',
    message: 'Nossa chave Pix é o CNPJ.',
    userId: null,
    toAll: true,
    isMedia: true,
    medias: [{ originalName: 'qr.png', mimetype: 'image/png', size: 10, key: 'C#c1/media/quickmessages/qm2/qr.png' }],
    mediaUrl: null,
    mediaName: '[{"originalName":"qr.png"}]',
  },
];

function inputApi() {
  return fakeTicketsApi((call) => {
    if (call.path === '/quick-messages/list') return ok(quickMessages);
    if (call.method === 'POST' && call.path === '/messages/t1/uploads') {
      const { files } = call.body as { files: { fileName: string; mimetype: string }[] };
      return ok({
        uploads: files.map((f, i) => ({
          key: `C#c1/media/outbound/t1/${i}`,
          url: `http://s3.test/media/${i}`,
          method: 'PUT',
          headers: { 'content-type': f.mimetype },
          fileName: f.fileName,
          mimetype: f.mimetype,
          expiresInSeconds: 300,
        })),
      });
    }
    if (call.method === 'PUT' && call.path.startsWith('/media/')) return { status: 200 };
    if (call.method === 'POST' && call.path === '/messages/t1') return ok({ messages: [] });
    return undefined;
  });
}

const sends = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/messages/t1').map((c) => c.body);

const renderInput = (enabled = true) =>
  renderAt(<MessageInput ticketId="t1" enabled={enabled} replyingTo={null} onCancelReply={vi.fn()} />);

/** Signed in, the usual API, the input on screen: the calls made and its text box. */
function setUpInput() {
  signInAs();
  const { calls } = inputApi();
  renderInput();
  return { calls, box: screen.getByTestId('message-textarea') as HTMLTextAreaElement };
}

describe('message input rules (spec part 1 §5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('does not send an empty or whitespace body', async () => {
    signInAs();
    const { calls } = inputApi();
    renderInput();
    const box = screen.getByTestId('message-textarea');

    fireEvent.change(box, { target: { value: '   \n  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sends(calls)).toEqual([]);
    expect(isSendableText('  ')).toBe(false);
    expect(isSendableText(' a ')).toBe(true);
  });

  it('sends text on Enter with the signature choice, and clears the box', async () => {
    signInAs({ profile: 'admin' });
    const { calls } = inputApi();
    renderInput();
    const box = screen.getByTestId('message-textarea') as HTMLTextAreaElement;

    fireEvent.change(box, { target: { value: ' Olá, Maria ' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() =>
      expect(sends(calls)).toEqual([expect.objectContaining({ body: 'Olá, Maria', signature: true, medias: [] })]),
    );
    expect(box.value).toBe('');
  });

  it('sends one clientMessageId per send: the same on a retry of the failed draft, a new one for the next', async () => {
    signInAs({ profile: 'admin' });
    let answered = 0;
    const { calls } = fakeTicketsApi((call) => {
      if (call.path === '/quick-messages/list') return ok([]);
      if (call.method !== 'POST' || call.path !== '/messages/t1') return undefined;
      answered += 1;
      // The first answer is lost at the gateway (the server may well have sent the message).
      return answered === 1 ? { status: 504, body: { message: 'Endpoint request timed out' } } : ok({ messages: [] });
    });
    renderInput();
    const box = screen.getByTestId('message-textarea') as HTMLTextAreaElement;

    fireEvent.change(box, { target: { value: 'Segue o boleto' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter' }); // a double Enter is one send
    await waitFor(() => expect(box.value).toBe('Segue o boleto')); // failed: the draft comes back
    expect(sends(calls)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' })); // the retry
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    await waitFor(() => expect(box.value).toBe(''));
    fireEvent.change(box, { target: { value: 'Outra mensagem' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sends(calls)).toHaveLength(3));

    const keys = sends(calls).map((body) => (body as { clientMessageId?: string }).clientMessageId);
    expect(keys[0]).toMatch(/^[\w-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[\w-]{8,64}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('retries a failed file send with the same key and the files already uploaded', async () => {
    signInAs();
    let answered = 0;
    const { calls } = fakeTicketsApi((call) => {
      if (call.path === '/quick-messages/list') return ok([]);
      if (call.method === 'POST' && call.path === '/messages/t1/uploads')
        return ok({
          uploads: [
            {
              key: `C#c1/media/outbound/t1/${calls.length}`,
              url: 'http://s3.test/media/0',
              method: 'PUT',
              headers: {},
              fileName: 'bolo.png',
              mimetype: 'image/png',
              expiresInSeconds: 300,
            },
          ],
        });
      if (call.method === 'PUT') return { status: 200 };
      if (call.method !== 'POST' || call.path !== '/messages/t1') return undefined;
      answered += 1;
      return answered === 1 ? { status: 502, body: { error: 'ERR_INTERNAL' } } : ok({ messages: [] });
    });
    renderInput();
    const photo = new File([new Uint8Array(2048)], 'bolo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [photo] } });
    await screen.findByTestId('attachments');

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(2));

    const [first, retry] = sends(calls) as { clientMessageId: string; medias: unknown[] }[];
    expect(retry!.clientMessageId).toBe(first!.clientMessageId);
    expect(retry!.medias).toEqual(first!.medias);
    expect(calls.filter((c) => c.path === '/messages/t1/uploads')).toHaveLength(1);
  });

  it("lists quick replies after '/', labels cut at 35 characters, and fills the box with the chosen one", async () => {
    const { box } = setUpInput();

    fireEvent.change(box, { target: { value: '/' } });
    const list = await screen.findByTestId('quick-replies');
    const labels = within(list)
      .getAllByTestId('quick-reply')
      .map((el) => el.textContent);
    expect(labels).toEqual(['bomdia - Bom dia! Em que posso ajud...', 'pix - Nossa chave Pix é o CNPJ.']);

    fireEvent.change(box, { target: { value: '/pix' } });
    await waitFor(() => expect(within(screen.getByTestId('quick-replies')).getAllByTestId('quick-reply')).toHaveLength(1));
    fireEvent.click(within(screen.getByTestId('quick-replies')).getByTestId('quick-reply'));

    expect(box.value).toBe('Nossa chave Pix é o CNPJ.');
    expect(screen.queryByTestId('quick-replies')).toBeNull();
  });

  it('picks a quick reply from the keyboard: arrows move the highlight, Enter or Tab takes it instead of sending the typed text', async () => {
    const { calls, box } = setUpInput();

    fireEvent.change(box, { target: { value: '/' } });
    const options = () => within(screen.getByTestId('quick-replies')).getAllByTestId('quick-reply');
    await waitFor(() => expect(options()).toHaveLength(2));
    const selected = () => options().map((o) => o.getAttribute('aria-selected'));
    expect(selected()).toEqual(['true', 'false']);
    expect(box.getAttribute('aria-activedescendant')).toBe('quick-reply-qm1');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(selected()).toEqual(['false', 'true']);
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // wraps around
    expect(selected()).toEqual(['true', 'false']);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(selected()).toEqual(['false', 'true']);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Nossa chave Pix é o CNPJ.');
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(screen.getByTestId('quick-reply-files').textContent).toContain('qr.png');
    expect(sends(calls)).toHaveLength(0); // Enter took the reply, it did not send '/'

    fireEvent.change(box, { target: { value: '/bom' } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(box.value).toBe('Bom dia! Em que posso ajudar você hoje com o seu pedido?');
    expect(sends(calls)).toHaveLength(0);

    fireEvent.keyDown(box, { key: 'Enter' }); // no list any more: Enter sends
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]).toMatchObject({ body: 'Bom dia! Em que posso ajudar você hoje com o seu pedido?' });
  });

  it("Esc closes the suggestions until the text changes; then Enter sends the '/' text as typed", async () => {
    const { calls, box } = setUpInput();

    fireEvent.change(box, { target: { value: '/pix' } });
    await screen.findByTestId('quick-replies');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.change(box, { target: { value: '/pi' } }); // typing again brings them back
    await screen.findByTestId('quick-replies');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]).toMatchObject({ body: '/pi' });
  });

  it("sends the chosen quick reply's files with it, by key, without uploading them", async () => {
    const { calls, box } = setUpInput();
    fireEvent.change(box, { target: { value: '/pix' } });
    fireEvent.click(await within(await screen.findByTestId('quick-replies')).findByTestId('quick-reply'));
    expect(screen.getByTestId('quick-reply-files').textContent).toContain('qr.png');

    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]).toMatchObject({
      body: 'Nossa chave Pix é o CNPJ.',
      medias: [{ key: 'C#c1/media/quickmessages/qm2/qr.png', fileName: 'qr.png', mimetype: 'image/png' }],
    });
    expect(calls.filter((c) => c.path === '/messages/t1/uploads')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('quick-reply-files')).toBeNull());
  });

  it('drops a recorded audio under 10,000 bytes without uploading or sending it', async () => {
    signInAs();
    const { calls } = inputApi();
    const stop = vi.fn();
    class FakeRecorder {
      static isTypeSupported = () => true;
      mimeType = 'audio/ogg;codecs=opus';
      state = 'inactive';
      stream = { getTracks: () => [{ stop }] };
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob([new Uint8Array(9_999)], { type: this.mimeType }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({})) },
    });
    renderInput();

    fireEvent.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar áudio' }));

    await waitFor(() => expect(screen.queryByTestId('recording')).toBeNull());
    expect(stop).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(isKeepableAudio({ size: 9_999 })).toBe(false);
    expect(isKeepableAudio({ size: 10_000 })).toBe(true);
  });

  it('forces the signature on for operators when userAlwaysSubmitSignature is enabled', () => {
    localStorage.setItem('signOption', 'false');
    signInAs({ profile: 'user' }, [{ key: 'userAlwaysSubmitSignature', value: 'enabled' }]);
    inputApi();
    renderInput();

    const toggle = within(screen.getByTestId('signature-switch')).getByRole('checkbox') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
  });

  it("keeps an admin's choice locally under signOption (default on)", async () => {
    expect(readSignOption()).toBe(true);
    signInAs({ profile: 'admin' }, [{ key: 'userAlwaysSubmitSignature', value: 'enabled' }]);
    inputApi();
    renderInput();
    const toggle = within(screen.getByTestId('signature-switch')).getByRole('checkbox') as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);

    await waitFor(() => expect(localStorage.getItem('signOption')).toBe('false'));
    expect(toggle.checked).toBe(false);
  });

  it('uploads chosen files to their presigned URLs, then sends the keys with the caption', async () => {
    signInAs();
    const { calls } = inputApi();
    renderInput();
    const photo = new File([new Uint8Array(2048)], 'bolo.png', { type: 'image/png' });
    const script = new File(['x'], 'virus.exe', { type: 'application/octet-stream' });

    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [photo, script] } });
    expect(within(await screen.findByTestId('attachments')).getByText('bolo.png')).toBeTruthy();
    expect(screen.queryByText('virus.exe')).toBeNull();
    fireEvent.change(screen.getByTestId('message-textarea'), { target: { value: 'Este aqui' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((c) => !c.includes('quick-messages'))).toEqual([
      'POST /messages/t1/uploads',
      'PUT /media/0',
      'POST /messages/t1',
    ]);
    expect(sends(calls)[0]).toMatchObject({
      body: 'Este aqui',
      medias: [{ key: 'C#c1/media/outbound/t1/0', fileName: 'bolo.png', mimetype: 'image/png' }],
    });
  });

  it('is disabled while the ticket cannot receive messages', () => {
    signInAs();
    inputApi();
    renderInput(false);

    expect((screen.getByTestId('message-textarea') as HTMLTextAreaElement).disabled).toBe(true);
  });
});

describe('attachment rules (spec part 1 §5, §9)', () => {
  const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

  it('refuses blocked types, files over 5 MB, duplicate names and a fourth file', () => {
    const { accepted, issues } = acceptAttachments(
      [file('a.png')],
      [
        file('run.exe', 10, 'application/octet-stream'),
        file('big.pdf', 5 * 1024 * 1024 + 1, 'application/pdf'),
        file('a.png'),
        file('b.png'),
        file('c.png'),
        file('d.png'),
      ],
    );

    expect(accepted.map((f) => f.name)).toEqual(['b.png', 'c.png']);
    expect(issues).toEqual([
      { kind: 'blocked', name: 'run.exe' },
      { kind: 'tooLarge', name: 'big.pdf' },
      { kind: 'duplicate', name: 'a.png' },
      { kind: 'tooMany' },
    ]);
  });

  it('cuts suggestion labels at 35 characters', () => {
    expect(cutLabel('x'.repeat(35))).toBe('x'.repeat(35));
    expect(cutLabel('x'.repeat(36))).toBe(`${'x'.repeat(35)}...`);
    expect(quickReplySuggestions('hello', quickMessages)).toEqual([]);
  });
});
