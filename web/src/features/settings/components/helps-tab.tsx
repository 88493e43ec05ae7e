import { Input, Stack, Table } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { helpSchema, type HelpDto, type HelpInput } from '@atende/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { notify, toaster } from '@/lib/toaster';
import { useHelpsAdmin, useRemoveHelp, useSaveHelp } from '../api/settings';
import { FormField } from '@/components/form-field';
import { SETTINGS_NS } from '../i18n';
import { SettingsDeleteDialog, SettingsFormCard, SettingsTable } from './settings-crud';
import { RowActionsCell } from '../../../components/row-actions-cell';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';

const empty: HelpInput = { title: '', description: '', video: '' };

/** Settings → Help (super users): title, description and the video code. */
export function HelpsTab() {
  const { t } = useTranslation(SETTINGS_NS);
  const helps = useHelpsAdmin();
  const save = useSaveHelp();
  const remove = useRemoveHelp();
  const [editing, setEditing] = useState<HelpDto | null>(null);
  const deletion = useDeleteConfirmation({
    remove: (help: HelpDto) => remove.mutateAsync(help.id),
    pending: remove.isPending,
    done: t('saved'),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<HelpInput>({
    resolver: zodResolver(helpSchema) as unknown as Resolver<HelpInput>,
    defaultValues: empty,
  });
  const edit = (help: HelpDto | null) => {
    setEditing(help);
    reset(help ? { title: help.title, description: help.description, video: help.video } : empty);
  };

  const onSubmit = async (values: HelpInput) => {
    try {
      await save.mutateAsync({ id: editing?.id, input: values });
      notify.success(t('saved'));
      edit(null);
    } catch {
      toaster.create({ type: 'error', title: t('help.saveFailed'), duration: 10_000 });
    }
  };

  if (helps.isPending) return <LoadingState />;
  if (helps.isError) return <ErrorState error={helps.error} onRetry={() => void helps.refetch()} />;

  return (
    <Stack gap="5">
      <SettingsFormCard
        onSubmit={handleSubmit(onSubmit)}
        onClear={() => edit(null)}
        submitting={isSubmitting}
        testId="help-form"
      >
        <FormField label={t('help.title')} error={errors.title?.message} required>
          <Input {...register('title')} />
        </FormField>
        <FormField label={t('help.description')} error={errors.description?.message}>
          <Input {...register('description')} />
        </FormField>
        <FormField label={t('help.video')} error={errors.video?.message}>
          <Input {...register('video')} placeholder="dQw4w9WgXcQ" />
        </FormField>
      </SettingsFormCard>
      <SettingsTable columns={[t('help.title'), t('help.description'), t('help.video')]}>
        {helps.data.map((help) => (
          <Table.Row key={help.id}>
            <Table.Cell fontWeight="medium">{help.title}</Table.Cell>
            <Table.Cell>{help.description}</Table.Cell>
            <Table.Cell>{help.video}</Table.Cell>
            <RowActionsCell onEdit={() => edit(help)} onDelete={() => deletion.ask(help)} />
          </Table.Row>
        ))}
      </SettingsTable>
      <SettingsDeleteDialog {...deletion.dialog} title={t('help.deleteTitle', { title: deletion.target?.title ?? '' })}>
        {t('deleteText')}
      </SettingsDeleteDialog>
    </Stack>
  );
}
