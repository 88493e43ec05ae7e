import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { showSaveError } from '@/lib/form-errors';
import { notify } from '@/lib/toaster';

interface RecordFormOptions<V extends FieldValues> {
  /** The shared schema the API checks too. */
  schema: Parameters<typeof zodResolver>[0];
  defaultValues: DefaultValues<V>;
  /** Creates or updates the record. */
  save: (values: V) => Promise<unknown>;
  /** The toast once saved. */
  saved: string;
  onClose: () => void;
  /** The fields whose API messages show under them (the rest is a toast). */
  errorFields: readonly Path<V>[];
}

/**
 * The form of an add/edit dialog: validated by the shared schema, saved, a toast and the dialog
 * closes; a refusal shows under its field or as a toast. `submit` and `submitting` go to FormDialog.
 */
export function useRecordForm<V extends FieldValues>({
  schema,
  defaultValues,
  save,
  saved,
  onClose,
  errorFields,
}: RecordFormOptions<V>) {
  const form = useForm<V>({ resolver: zodResolver(schema) as unknown as Resolver<V>, defaultValues });
  const onValid = async (values: V) => {
    try {
      await save(values);
      notify.success(saved);
      onClose();
    } catch (error) {
      showSaveError(error, errorFields, form.setError);
    }
  };
  return {
    form,
    submit: (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event),
    submitting: form.formState.isSubmitting,
  };
}
