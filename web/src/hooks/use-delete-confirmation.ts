import { useState } from 'react';
import { notify } from '@/lib/toaster';

interface DeleteConfirmationOptions<T> {
  /** Deletes the record (a mutation's `mutateAsync`). */
  remove: (record: T) => Promise<unknown>;
  pending: boolean;
  /** The toast once the record is gone. */
  done: string;
  /** Runs after a delete, before the dialog closes (e.g. leave the record's edit form). */
  onDeleted?: (record: T) => void;
  /** Shows a failure; the API's message by default. The dialog stays open. */
  onError?: (error: unknown) => void;
}

/**
 * The delete flow every list shares: a row asks (`ask`), a ConfirmDialog confirms (`dialog`), the
 * record goes, a toast says so and the dialog closes; a failure is shown and the dialog stays open.
 */
export function useDeleteConfirmation<T>({
  remove,
  pending,
  done,
  onDeleted,
  onError = notify.error,
}: DeleteConfirmationOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      await remove(target);
      notify.success(done);
      onDeleted?.(target);
      setTarget(null);
    } catch (error) {
      onError(error);
    }
  };
  return {
    target,
    ask: (record: T | null) => setTarget(record),
    dialog: { open: target !== null, loading: pending, onConfirm: () => void confirm(), onClose: () => setTarget(null) },
  };
}
