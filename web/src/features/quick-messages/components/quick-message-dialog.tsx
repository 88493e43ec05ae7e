import { Input, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { createQuickMessageSchema, maySetQuickMessageToAll, type QuickMessageDto, type Viewer } from '@atende/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BooleanSelect, FormField } from '@/components/form-field';
import { FormDialog } from '@/components/form-dialog';
import { apiFieldErrors } from '@/lib/form-errors';
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
      const found = apiFieldErrors(err, ['shortcode', 'message', 'file'] as const);
      for (const [field, message] of found) {
        if (field === 'file') setFileError(translateMessage(message));
        else setError(field, { message });
      }
      if (found.length === 0) notify.error(err);
    }
  };

  return (
    <FormDialog
      title={editing ? t('dialog.editTitle') : t('dialog.addTitle')}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      submitting={isSubmitting}
      cancelLabel={t('dialog.cancel')}
      saveLabel={t('dialog.save')}
      testId="quick-message-dialog"
      submitTestId="quick-message-submit"
      size="md"
    >
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
    </FormDialog>
  );
}
