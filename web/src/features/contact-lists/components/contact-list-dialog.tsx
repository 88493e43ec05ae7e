import { Input } from '@chakra-ui/react';
import { contactListSchema, type ContactListDto, type ContactListInput } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { useRecordForm } from '@/hooks/use-record-form';
import { useSaveContactList } from '../api/contact-lists-api';
import { CONTACT_LISTS_NS } from '../i18n';

/** Add or rename a contact list (spec part 3 §5 "Contact list": name required, 2-50). */
export function ContactListDialog({ list, onClose }: { list: ContactListDto | null; onClose: () => void }) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const save = useSaveContactList();
  const { form, submit, submitting } = useRecordForm<ContactListInput>({
    schema: contactListSchema,
    defaultValues: { name: list?.name ?? '' },
    save: (input) => save.mutateAsync({ id: list?.id, input }),
    saved: t('saved'),
    onClose,
    errorFields: ['name'],
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      title={list ? t('dialog.editTitle') : t('dialog.addTitle')}
      onClose={onClose}
      onSubmit={submit}
      submitting={submitting}
      cancelLabel={t('dialog.cancel')}
      saveLabel={t('dialog.save')}
      testId="contact-list-dialog"
      submitTestId="contact-list-submit"
    >
      <FormField label={t('dialog.name')} error={errors.name?.message} required>
        <Input {...form.register('name')} autoComplete="off" data-testid="contact-list-name" />
      </FormField>
    </FormDialog>
  );
}
