import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { toaster } from '@/lib/toaster';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDeleteConfirmation', () => {
  it('opens for the asked record, deletes it on confirm, says so and closes', async () => {
    const toasts = vi.spyOn(toaster, 'create');
    const remove = vi.fn(async (_record: { id: string }) => undefined);
    const onDeleted = vi.fn();
    const { result } = renderHook(() => useDeleteConfirmation({ remove, pending: false, done: 'Excluído', onDeleted }));
    expect(result.current.dialog.open).toBe(false);

    act(() => result.current.ask({ id: 'a1' }));
    expect(result.current.dialog.open).toBe(true);
    expect(result.current.target).toEqual({ id: 'a1' });

    await act(async () => result.current.dialog.onConfirm());
    expect(remove).toHaveBeenCalledWith({ id: 'a1' });
    expect(onDeleted).toHaveBeenCalledWith({ id: 'a1' });
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Excluído' }));
    expect(result.current.dialog.open).toBe(false);
  });

  it('keeps the dialog open and shows the failure when the delete fails; closing asks nothing', async () => {
    const onError = vi.fn();
    const remove = vi.fn(async () => {
      throw new Error('ERR_NO_PERMISSION');
    });
    const { result } = renderHook(() => useDeleteConfirmation({ remove, pending: false, done: 'Excluído', onError }));
    act(() => result.current.ask({ id: 'b2' }));
    await act(async () => result.current.dialog.onConfirm());
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'ERR_NO_PERMISSION' }));
    expect(result.current.dialog.open).toBe(true);

    act(() => result.current.dialog.onClose());
    expect(result.current.dialog.open).toBe(false);
    await act(async () => result.current.dialog.onConfirm());
    expect(remove).toHaveBeenCalledTimes(1);
  });
});
