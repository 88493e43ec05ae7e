import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachmentsField, type AttachedMedia } from '@/components/attachments-field';
import type { AttachmentIssue } from '@/lib/attachments';
import { toaster } from '@/lib/toaster';
import { renderWithProviders } from '../support/render';

const labels = {
  title: 'Anexos',
  attach: 'Anexar',
  hint: 'Até 3 arquivos',
  pending: 'a enviar',
  removeFile: (name: string) => `Remover ${name}`,
  removeTitle: 'Remover anexo',
  removeText: (name: string) => `Remover ${name} de vez?`,
  removeConfirm: 'Excluir',
  removed: 'Arquivo removido',
};

function Harness(props: {
  attached: AttachedMedia[];
  remove: (m: AttachedMedia) => Promise<unknown>;
  onIssue: (i: AttachmentIssue) => void;
}) {
  const [pending, setPending] = useState<File[]>([]);
  return (
    <AttachmentsField
      testIdPrefix="x"
      accept="image/*"
      labels={labels}
      attached={props.attached}
      pending={pending}
      onPendingChange={setPending}
      removeAttached={props.remove}
      removing={false}
      onIssue={props.onIssue}
      error="arquivo recusado"
    />
  );
}

const photo = { originalName: 'foto.png', mimetype: 'image/png', size: 10, url: 'https://files.example/foto.png' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AttachmentsField', () => {
  it('lists picked files as pending, refuses a name already attached, and drops a pending file', async () => {
    const onIssue = vi.fn();
    renderWithProviders(<Harness attached={[photo]} remove={vi.fn()} onIssue={onIssue} />);
    const input = screen.getByTestId('x-file-input') as HTMLInputElement;
    await userEvent.upload(input, [
      new File(['a'], 'foto.png', { type: 'image/png' }),
      new File(['b'], 'nova.png', { type: 'image/png' }),
    ]);
    expect(onIssue).toHaveBeenCalledWith({ kind: 'duplicate', name: 'foto.png' });
    expect(screen.getAllByTestId('x-pending-file').map((row) => row.textContent)).toEqual(['nova.png (a enviar)']);
    expect(screen.getByText('arquivo recusado')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remover nova.png' }));
    expect(screen.queryByTestId('x-pending-file')).toBeNull();
  });

  it('links an attached file and removes it only after confirming', async () => {
    const toasts = vi.spyOn(toaster, 'create');
    const remove = vi.fn(async () => undefined);
    renderWithProviders(<Harness attached={[photo]} remove={remove} onIssue={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'foto.png' }).getAttribute('href')).toBe(photo.url);

    await userEvent.click(screen.getByRole('button', { name: 'Remover foto.png' }));
    expect(await screen.findByText('Remover foto.png de vez?')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(photo));
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Arquivo removido' }));
  });
});
