import { Button, Dialog, HStack, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { createTagSchema, TAG_DEFAULT_COLOR, tagColorFromName, type TagDto } from '@atende/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toaster';
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
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<TagFormValues>({
    resolver: zodResolver(createTagSchema) as unknown as Resolver<TagFormValues>,
    defaultValues: { name: tag?.name ?? '', color: tag?.color ?? TAG_DEFAULT_COLOR },
  });
  const color = watch('color');
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      // a new tag's colour follows its name until one is picked (spec part 1 §9)
      if (!tag && !dirtyFields.color) setValue('color', tagColorFromName(event.target.value));
    },
  });

  const onSubmit = async (values: TagFormValues) => {
    try {
      await save.mutateAsync({ id: tag?.id, input: { name: values.name, color: values.color.toUpperCase() } });
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.name) setError('name', { message: fields.name });
      else notify.error(error);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="sm" testId="tag-dialog">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{tag ? t('dialog.editTitle') : t('dialog.addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
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
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="tag-submit">
            {t('dialog.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
