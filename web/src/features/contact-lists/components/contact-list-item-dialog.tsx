import { Input } from '@chakra-ui/react';
import { contactListItemSchema, type ContactListItemDto, type ContactListItemInput } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { useRecordForm } from '@/hooks/use-record-form';
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
  const { form, submit, submitting } = useRecordForm<ContactListItemInput>({
    schema: contactListItemSchema,
    defaultValues: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    save: (input) => save.mutateAsync({ id: item?.id, input }),
    saved: t('items.saved'),
    onClose,
    errorFields: ['name', 'number', 'email'],
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <FormDialog
      title={item ? t('items.dialog.editTitle') : t('items.dialog.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitting={submitting}
      cancelLabel={t('items.dialog.cancel')}
      saveLabel={t('items.dialog.save')}
      testId="contact-list-item-dialog"
      submitTestId="contact-list-item-submit"
    >
      <FormField label={t('items.dialog.name')} error={errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" data-testid="contact-list-item-name" />
      </FormField>
      <FormField label={t('items.dialog.number')} error={errors.number?.message} required>
        <Input {...register('number')} inputMode="tel" autoComplete="off" data-testid="contact-list-item-number" />
      </FormField>
      <FormField label={t('items.dialog.email')} error={errors.email?.message}>
        <Input {...register('email')} type="email" autoComplete="off" data-testid="contact-list-item-email" />
      </FormField>
    </FormDialog>
  );
}
