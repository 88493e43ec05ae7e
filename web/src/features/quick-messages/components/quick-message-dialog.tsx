import { Button, Dialog, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { createQuickMessageSchema, maySetQuickMessageToAll, type QuickMessageDto, type Viewer } from '@atende/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BooleanSelect, FormField } from '@/components/form-field';
import { DialogShell } from '@/components/dialog-shell';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { QuickMessageUploadError, useRemoveQuickMessageMedia, useSaveQuickMessage } from '../api/quick-messages-api';
import { QUICK_MESSAGES_NS } from '../i18n';
import { QuickMessageAttachments } from './quick-message-attachments';

interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  toAll: boolean;
}

/**
 * Add or edit a quick reply (spec part 3 §5, §6): shortcode and message required; "available to"
 * (everyone or only me) only for whom the policy lets choose it; up to 3 files, uploaded after the
 * reply is saved, attached ones removed with a confirmation.
 */
export function QuickMessageDialog({
  record,
  viewer,
  onClose,
}: {
  record: QuickMessageDto | null;
  viewer: Viewer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(QUICK_MESSAGES_NS);
  const save = useSaveQuickMessage();
  const removeMedia = useRemoveQuickMessageMedia();
  const [editing, setEditing] = useState<QuickMessageDto | null>(record);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const canChooseScope = viewer !== null && maySetQuickMessageToAll(viewer);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuickMessageFormValues>({
    resolver: zodResolver(createQuickMessageSchema) as unknown as Resolver<QuickMessageFormValues>,
    defaultValues: { shortcode: record?.shortcode ?? '', message: record?.message ?? '', toAll: record?.toAll ?? false },
  });

  const onSubmit = async (values: QuickMessageFormValues) => {
    const input = {
      shortcode: values.shortcode,
      message: values.message,
      ...(canChooseScope ? { toAll: values.toAll } : {}),
    };
    try {
      await save.mutateAsync({ id: editing?.id, input, files });
      notify.success(editing ? t('updated') : t('added'));
      onClose();
    } catch (failure) {
      // Saved, but a file was refused: go on editing the saved reply with the files left.
      const err = failure instanceof QuickMessageUploadError ? failure.cause : failure;
      if (failure instanceof QuickMessageUploadError) {
        setEditing(failure.record);
        setFiles(files.filter((f) => !failure.record.medias.some((m) => m.originalName === f.name)));
      }
      const fields = isApiError(err) ? err.fields : undefined;
      if (fields?.shortcode) setError('shortcode', { message: fields.shortcode });
      if (fields?.message) setError('message', { message: fields.message });
      if (fields?.file) setFileError(translateMessage(fields.file));
      if (!fields?.shortcode && !fields?.message && !fields?.file) notify.error(err);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="md" testId="quick-message-dialog">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{editing ? t('dialog.editTitle') : t('dialog.addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormField label={t('dialog.shortcode')} error={errors.shortcode?.message} required>
              <Input {...register('shortcode')} autoComplete="off" data-testid="quick-message-shortcode" />
            </FormField>
            <FormField label={t('dialog.message')} error={errors.message?.message} required>
              <Textarea {...register('message')} rows={5} data-testid="quick-message-message" />
            </FormField>
            {canChooseScope ? (
              <FormField label={t('dialog.toAll')}>
                <BooleanSelect
                  control={control}
                  name="toAll"
                  trueLabel={t('scope.all')}
                  falseLabel={t('scope.me')}
                  falseFirst
                  data-testid="quick-message-scope"
                />
              </FormField>
            ) : null}
            <QuickMessageAttachments
              attached={editing?.medias ?? []}
              pending={files}
              onPendingChange={(next) => {
                setFiles(next);
                setFileError(undefined);
              }}
              removeAttached={(media) =>
                removeMedia.mutateAsync({ id: editing?.id ?? '', originalName: media.originalName }).then(setEditing)
              }
              removing={removeMedia.isPending}
              error={fileError}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="quick-message-submit">
            {t('dialog.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
