import { Dialog, Input } from '@chakra-ui/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogShell } from '@/components/dialog-shell';
import { renderWithProviders } from '../support/render';

function Page({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">Novo</button>
      <DialogShell
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        testId="shell"
      >
        <Dialog.Body>
          <Input aria-label="Contato" />
        </Dialog.Body>
      </DialogShell>
    </>
  );
}

describe('DialogShell', () => {
  it('stays open when focus lands outside for an instant (its focus trap set up again), and closes on a press outside', async () => {
    const onClose = vi.fn();
    renderWithProviders(<Page onClose={onClose} />);
    await screen.findByTestId('shell');
    act(() => screen.getByLabelText('Contato').focus());
    await new Promise((resolve) => setTimeout(resolve, 50));

    // What React's StrictMode did on opening: the trap, torn down and set up again, handed focus to the
    // opening button and took it back.
    act(() => screen.getByRole('button', { name: 'Novo', hidden: true }).focus());
    act(() => screen.getByLabelText('Contato').focus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('shell')).toBeTruthy();

    fireEvent.pointerDown(document.body);
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
