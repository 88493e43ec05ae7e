import { Input, Stack, Table } from '@chakra-ui/react';
import { helpSchema, type HelpDto, type HelpInput } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useHelpsAdmin, useRemoveHelp, useSaveHelp } from '../api/settings';
import { FormField } from '@/components/form-field';
import { SETTINGS_NS } from '../i18n';
import { SettingsDeleteDialog, SettingsFormCard, SettingsTable } from './settings-crud';
import { RowActionsCell } from '../../../components/row-actions-cell';
import { useRecordEditor } from '../hooks/use-record-editor';

const empty: HelpInput = { title: '', description: '', video: '' };

/** Settings → Help (super users): title, description and the video code. */
export function HelpsTab() {
  const { t } = useTranslation(SETTINGS_NS);
  const helps = useHelpsAdmin();
  const save = useSaveHelp();
  const remove = useRemoveHelp();
  const { form, edit, onSubmit, deletion } = useRecordEditor<HelpDto, HelpInput>({
    schema: helpSchema,
    valuesOf: (help) => (help ? { title: help.title, description: help.description, video: help.video } : empty),
    save: (id, input) => save.mutateAsync({ id, input }),
    remove,
    saved: t('saved'),
    saveFailed: t('help.saveFailed'),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  if (helps.isPending) return <LoadingState />;
  if (helps.isError) return <ErrorState error={helps.error} onRetry={() => void helps.refetch()} />;

  return (
    <Stack gap="5">
      <SettingsFormCard onSubmit={onSubmit} onClear={() => edit(null)} submitting={isSubmitting} testId="help-form">
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
      <SettingsTable empty={t('help.empty')} columns={[t('help.title'), t('help.description'), t('help.video')]}>
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
