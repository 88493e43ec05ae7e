import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_MSG, type ScheduleDto } from '@atende/shared';
import { ScheduleDialog } from '@/features/tickets/components/dialogs/schedule-dialog';
import { notify } from '@/lib/toaster';
import { fakeTicketsApi, ok, renderAt, signInAs, ticket } from './support';

/** Under a loaded CI machine a refetch and its re-render take more than waitFor's default second. */
const LIVE = { timeout: 5_000 };

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined, useTicketRoom: () => undefined }));

/** Within the year ahead the API accepts (MAX_SCHEDULE_AHEAD_DAYS). */
const NEXT_MONTH = new Date(Date.now() + 30 * 86_400_000);
const pad = (n: number) => String(n).padStart(2, '0');
const nextMonthLocal = `${NEXT_MONTH.getFullYear()}-${pad(NEXT_MONTH.getMonth() + 1)}-${pad(NEXT_MONTH.getDate())}T10:00`;

const shown = ticket({ id: 't1', contactId: 'ct1' });
const schedule = (overrides: Partial<ScheduleDto> = {}): ScheduleDto => ({
  id: 's1',
  body: 'Lembrete da consulta de amanhã às 10h',
  contactId: 'ct1',
  contact: { id: 'ct1', name: 'Maria Cliente' },
  ticketId: 't1',
  userId: 'u1',
  sendAt: NEXT_MONTH.toISOString(),
  sentAt: null,
  status: 'PENDENTE',
  mediaName: [],
  isMedia: false,
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
  ...overrides,
});

/** The schedules API of one contact; POST/PUT answer like the server, or with `reject` as a 400. */
function schedulesApi(list: ScheduleDto[], reject?: Record<string, string>) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/schedules') return ok({ schedules: list, hasMore: false });
    if (reject && (call.method === 'POST' || call.method === 'PUT'))
      return { status: 400, body: { error: 'ERR_VALIDATION', fields: reject } };
    if (call.method === 'POST' && call.path === '/schedules')
      return { status: 201, body: schedule({ id: 's9', ...(call.body as object) }) };
    if (call.method === 'PUT') return ok(schedule(call.body as object));
    if (call.method === 'DELETE') return { status: 204 };
    return undefined;
  });
}

describe('the schedule dialog from the ticket header (spec part 1 §4, §5, §9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses a body under 5 characters ('Mensagem muito curta') and then schedules for the contact and ticket", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = schedulesApi([]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('schedule-dialog');
    await within(dialog).findByTestId('schedule-list-empty');

    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'oi' } });
    fireEvent.click(within(dialog).getByTestId('schedule-submit'));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'Sua consulta é amanhã' } });
    fireEvent.change(within(dialog).getByTestId('schedule-send-at'), { target: { value: nextMonthLocal } });
    fireEvent.click(within(dialog).getByTestId('schedule-submit'));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), LIVE);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      body: 'Sua consulta é amanhã',
      contactId: 'ct1',
      ticketId: 't1',
      sendAt: new Date(nextMonthLocal).toISOString(),
    });
  });

  it('defaults a new schedule to one hour from now', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    schedulesApi([]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    const input = (await screen.findByTestId('schedule-send-at')) as HTMLInputElement;
    const minutesAhead = (new Date(input.value).getTime() - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(58);
    expect(minutesAhead).toBeLessThanOrEqual(60);
  });

  it("lists the contact's schedules cut at 25 characters, edits one with PUT, and shows the server's field message", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = schedulesApi([schedule()], { sendAt: SCHEDULE_MSG.alreadySent });
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    const item = await screen.findByTestId('schedule-item');
    expect(within(item).getByText('Lembrete da consulta de a…')).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: 'Editar agendamento' }));
    expect(screen.getByTestId('schedule-title').textContent).toBe('Agendamento · Pendente');
    fireEvent.click(screen.getByTestId('schedule-submit'));

    expect(await screen.findByText('Esta mensagem já foi enviada e não pode mais ser alterada.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/schedules/s1');
  });

  it("hides the submit button of a sent schedule and titles a failed one 'Erro de Envio'", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    schedulesApi([
      schedule({ id: 's1', status: 'ENVIADA', sentAt: '2030-05-10T13:00:05.000Z' }),
      schedule({ id: 's2', status: 'ERRO' }),
    ]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    const [sent, failed] = await screen.findAllByTestId('schedule-item');

    fireEvent.click(within(sent!).getByRole('button', { name: 'Editar agendamento' }));
    expect(screen.queryByTestId('schedule-submit')).toBeNull();
    fireEvent.click(within(failed!).getByRole('button', { name: 'Editar agendamento' }));
    expect(screen.getByTestId('schedule-title').textContent).toBe('Agendamento · Erro de Envio');
    expect(screen.getByTestId('schedule-submit')).toBeTruthy();
  });

  it('deletes a schedule only after confirming', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = schedulesApi([schedule()]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    const item = await screen.findByTestId('schedule-item');

    fireEvent.click(within(item).getByRole('button', { name: 'Excluir' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/schedules/s1'), LIVE);
  });
});

describe('schedule attachments in the dialog (spec part 1 §5, §7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The two-step upload: ask (no key) → presigned PUT; confirm (key) → the schedule with the file. */
  function mediaApi(list: ScheduleDto[]) {
    let current = schedule({ id: 's9' });
    return fakeTicketsApi((call) => {
      if (call.method === 'GET' && call.path === '/schedules') return ok({ schedules: list, hasMore: false });
      if (call.method === 'POST' && call.path === '/schedules') {
        current = schedule({ id: 's9', ...(call.body as object) });
        return { status: 201, body: current };
      }
      if (call.method === 'POST' && call.path === '/schedules/s9/media-upload') {
        const { file, key } = call.body as { file: { fileName: string; mimetype: string; size: number }; key?: string };
        if (!key)
          return ok({
            schedule: current,
            upload: { key: `k/${file.fileName}`, url: `http://s3.test/media/${file.fileName}`, method: 'PUT', headers: {} },
          });
        current = {
          ...current,
          isMedia: true,
          mediaName: [
            ...current.mediaName,
            { originalName: file.fileName, mimetype: file.mimetype, size: file.size, url: null },
          ],
        };
        return ok({ schedule: current });
      }
      if (call.method === 'PUT' && call.path.startsWith('/media/')) return { status: 200 };
      if (call.method === 'DELETE' && call.path === '/schedules/s1/media-upload')
        return ok(schedule({ mediaName: [], isMedia: false }));
      return undefined;
    });
  }

  it('warns about a blocked type, then uploads the allowed file after saving: ask, PUT to storage, confirm', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const warning = vi.spyOn(notify, 'warning');
    const { calls } = mediaApi([]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('schedule-dialog');
    const pdf = new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' });
    const script = new File(['x'], 'virus.exe', { type: 'application/octet-stream' });

    fireEvent.change(within(dialog).getByTestId('schedule-file-input'), { target: { files: [pdf, script] } });
    expect(warning).toHaveBeenCalledWith('Tipo de arquivo não permitido...');
    expect(
      within(dialog)
        .getAllByTestId('schedule-pending-file')
        .map((e) => e.textContent),
    ).toEqual(['contrato.pdf (a enviar)']);
    fireEvent.change(within(dialog).getByTestId('schedule-body'), { target: { value: 'Segue o contrato' } });
    fireEvent.click(within(dialog).getByTestId('schedule-submit'));

    await waitFor(() => expect(calls.filter((c) => c.path === '/schedules/s9/media-upload')).toHaveLength(2), LIVE);
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /schedules',
      'POST /schedules/s9/media-upload',
      'PUT /media/contrato.pdf',
      'POST /schedules/s9/media-upload',
    ]);
    expect(calls.filter((c) => c.path === '/schedules/s9/media-upload').map((c) => c.body)).toEqual([
      { typeArch: 'schedule', file: { fileName: 'contrato.pdf', mimetype: 'application/pdf', size: 4 } },
      {
        typeArch: 'schedule',
        file: { fileName: 'contrato.pdf', mimetype: 'application/pdf', size: 4 },
        key: 'k/contrato.pdf',
      },
    ]);
  });

  it("warns 'O tamanho do arquivo excede 5 MB...' and about a name already attached, uploading nothing", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const warning = vi.spyOn(notify, 'warning');
    const attached = { originalName: 'foto.png', mimetype: 'image/png', size: 10, url: null };
    mediaApi([schedule({ mediaName: [attached], isMedia: true })]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    fireEvent.click(within(await screen.findByTestId('schedule-item')).getByRole('button', { name: 'Editar agendamento' }));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'video.mp4', { type: 'video/mp4' });
    const again = new File(['png'], 'foto.png', { type: 'image/png' });

    fireEvent.change(screen.getByTestId('schedule-file-input'), { target: { files: [big, again] } });

    expect(warning.mock.calls.map((c) => c[0])).toEqual([
      'O tamanho do arquivo excede 5 MB...',
      'Arquivo com nome duplicado.',
    ]);
    expect(screen.queryAllByTestId('schedule-pending-file')).toHaveLength(0);
  });

  it("removes an attached file only after confirming, with 'Arquivo removido com sucesso!'", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const success = vi.spyOn(notify, 'success');
    const attached = { originalName: 'foto.png', mimetype: 'image/png', size: 10, url: null };
    const { calls } = mediaApi([schedule({ mediaName: [attached], isMedia: true })]);
    renderAt(<ScheduleDialog ticket={shown} open onClose={vi.fn()} />);
    fireEvent.click(within(await screen.findByTestId('schedule-item')).getByRole('button', { name: 'Editar agendamento' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remover foto.png' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Arquivo removido com sucesso!'), LIVE);
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect([del.path, del.query.get('originalName')]).toEqual(['/schedules/s1/media-upload', 'foto.png']);
    await waitFor(() => expect(screen.queryAllByTestId('schedule-attached-file')).toHaveLength(0), LIVE);
  });
});
