import { HStack, Input } from '@chakra-ui/react';
import { createTagSchema, TAG_DEFAULT_COLOR, tagColorFromName, type TagDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { useRecordForm } from '@/hooks/use-record-form';
import { useSaveTag } from '../api/tags-api';
import { TAGS_NS } from '../i18n';

interface TagFormValues {
  name: string;
  color: string;
}

/**
 * Add or edit a tag (spec part 3 §5 "Tag": name of at least 3 characters, 'Mensagem muito curta'; a
 * hex colour, derived from the name until the user picks one).
 */
export function TagDialog({ tag, onClose }: { tag: TagDto | null; onClose: () => void }) {
  const { t } = useTranslation(TAGS_NS);
  const save = useSaveTag();
  const { form, submit, submitting } = useRecordForm<TagFormValues>({
    schema: createTagSchema,
    defaultValues: { name: tag?.name ?? '', color: tag?.color ?? TAG_DEFAULT_COLOR },
    save: (values) => save.mutateAsync({ id: tag?.id, input: { name: values.name, color: values.color.toUpperCase() } }),
    saved: t('saved'),
    onClose,
    errorFields: ['name'],
  });
  const { register, watch, setValue } = form;
  const { errors, dirtyFields } = form.formState;
  const color = watch('color');
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      // a new tag's colour follows its name until one is picked (spec part 1 §9)
      if (!tag && !dirtyFields.color) setValue('color', tagColorFromName(event.target.value));
    },
  });

  return (
    <FormDialog
      title={tag ? t('dialog.editTitle') : t('dialog.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitting={submitting}
      cancelLabel={t('dialog.cancel')}
      saveLabel={t('dialog.save')}
      testId="tag-dialog"
      submitTestId="tag-submit"
    >
      <FormField label={t('dialog.name')} error={errors.name?.message} required>
        <Input {...nameField} autoComplete="off" data-testid="tag-name" />
      </FormField>
      <FormField label={t('dialog.color')} error={errors.color?.message} required>
        <HStack gap="2" w="full">
          <Input
            type="color"
            value={color}
            onChange={(event) => setValue('color', event.target.value.toUpperCase(), { shouldDirty: true })}
            w="14"
            p="1"
            aria-label={t('dialog.color')}
          />
          <Input {...register('color')} fontFamily="mono" maxW="32" data-testid="tag-color" />
        </HStack>
      </FormField>
    </FormDialog>
  );
}
