import { Button, Dialog, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactListSchema, type ContactListDto, type ContactListInput } from '@atende/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toaster';
import { useSaveContactList } from '../api/contact-lists-api';
import { CONTACT_LISTS_NS } from '../i18n';

/** Add or rename a contact list (spec part 3 §5 "Contact list": name required, 2-50). */
export function ContactListDialog({ list, onClose }: { list: ContactListDto | null; onClose: () => void }) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const save = useSaveContactList();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactListInput>({
    resolver: zodResolver(contactListSchema) as unknown as Resolver<ContactListInput>,
    defaultValues: { name: list?.name ?? '' },
  });

  const onSubmit = async (values: ContactListInput) => {
    try {
      await save.mutateAsync({ id: list?.id, input: values });
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.name) setError('name', { message: fields.name });
      else notify.error(error);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="sm" testId="contact-list-dialog">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{list ? t('dialog.editTitle') : t('dialog.addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormField label={t('dialog.name')} error={errors.name?.message} required>
              <Input {...register('name')} autoComplete="off" data-testid="contact-list-name" />
            </FormField>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="contact-list-submit">
            {t('dialog.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
