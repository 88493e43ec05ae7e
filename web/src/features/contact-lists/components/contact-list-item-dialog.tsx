import { Button, Dialog, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactListItemSchema, type ContactListItemDto, type ContactListItemInput } from '@atende/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toaster';
import { useSaveContactListItem } from '../api/contact-lists-api';
import { CONTACT_LISTS_NS } from '../i18n';

/**
 * Add or edit one item of a list (spec part 3 §5 "Contact-list item": name 2-50, number 8-50, e-mail
 * valid if given). The number is typed as people write it; the server stores it in E.164.
 */
export function ContactListItemDialog({
  listId,
  item,
  onClose,
}: {
  listId: string;
  item: ContactListItemDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const save = useSaveContactListItem(listId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactListItemInput>({
    resolver: zodResolver(contactListItemSchema) as unknown as Resolver<ContactListItemInput>,
    defaultValues: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
  });

  const onSubmit = async (values: ContactListItemInput) => {
    try {
      await save.mutateAsync({ id: item?.id, input: values });
      notify.success(t('items.saved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const field = fields ? (['name', 'number', 'email'] as const).find((f) => fields[f]) : undefined;
      if (field) setError(field, { message: fields![field] });
      else notify.error(error);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="sm" testId="contact-list-item-dialog">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{item ? t('items.dialog.editTitle') : t('items.dialog.addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormField label={t('items.dialog.name')} error={errors.name?.message} required>
              <Input {...register('name')} autoComplete="off" data-testid="contact-list-item-name" />
            </FormField>
            <FormField label={t('items.dialog.number')} error={errors.number?.message} required>
              <Input {...register('number')} inputMode="tel" autoComplete="off" data-testid="contact-list-item-number" />
            </FormField>
            <FormField label={t('items.dialog.email')} error={errors.email?.message}>
              <Input {...register('email')} type="email" autoComplete="off" data-testid="contact-list-item-email" />
            </FormField>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('items.dialog.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="contact-list-item-submit">
            {t('items.dialog.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
