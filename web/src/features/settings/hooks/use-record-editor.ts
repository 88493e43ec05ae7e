import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { notify, toaster } from '@/lib/toaster';

interface RecordEditorOptions<R extends { id: string }, V extends FieldValues> {
  /** The shared zod schema the form validates with (the API's own). */
  schema: Parameters<typeof zodResolver>[0];
  /** The form's values for a record, or for a new one (`null`). */
  valuesOf: (record: R | null) => V;
  /** Creates (`id` undefined) or updates the record. */
  save: (id: string | undefined, values: V) => Promise<unknown>;
  /** The delete mutation. */
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** The toast after a save or a delete. */
  saved: string;
  /** The error toast when a save fails (the form keeps what was typed). */
  saveFailed: string;
}

/**
 * A settings list's form above its table (plans, helps): the form edits the record picked in the
 * table or a new one, a save clears it, a failed save keeps it; deletes go through the confirmation.
 */
export function useRecordEditor<R extends { id: string }, V extends FieldValues>({
  schema,
  valuesOf,
  save,
  remove,
  saved,
  saveFailed,
}: RecordEditorOptions<R, V>) {
  const [editing, setEditing] = useState<R | null>(null);
  const form = useForm<V>({
    resolver: zodResolver(schema) as unknown as Resolver<V>,
    defaultValues: valuesOf(null) as DefaultValues<V>,
  });
  const edit = (record: R | null) => {
    setEditing(record);
    form.reset(valuesOf(record));
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(editing?.id, values);
      notify.success(saved);
      edit(null);
    } catch {
      toaster.create({ type: 'error', title: saveFailed, duration: 10_000 });
    }
  });
  const deletion = useDeleteConfirmation({
    remove: (record: R) => remove.mutateAsync(record.id),
    pending: remove.isPending,
    done: saved,
  });
  return { form, edit, onSubmit, deletion };
}
