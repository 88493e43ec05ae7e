import { Button, Dialog, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormSchema, type ContactDto } from '@atende/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toaster';
import { useUpdateContact } from '../api/contacts-api';
import { CONTACTS_NS } from '../i18n';

interface ContactFormValues {
  name: string;
  number: string;
  email: string;
}

/**
 * Edit a contact from the list (spec part 1 §5 "Contact form": name 2 to 50, number 8 to 50, email
 * valid when given): the same shared schema as the API. Extra info and the lid stay in the ticket
 * screen's contact drawer; this form sends only the fields it shows.
 */
export function ContactEditDialog({ contact, onClose }: { contact: ContactDto; onClose: () => void }) {
  const { t } = useTranslation(CONTACTS_NS);
  const save = useUpdateContact();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema) as unknown as Resolver<ContactFormValues>,
    defaultValues: { name: contact.name, number: contact.number, email: contact.email },
  });

  const onSubmit = async (values: ContactFormValues) => {
    try {
      await save.mutateAsync({
        id: contact.id,
        input: { name: values.name, number: values.number, email: values.email },
      });
      notify.success(t('edit.saved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const field = (['name', 'number', 'email'] as const).find((f) => fields?.[f]);
      if (field) setError(field, { message: fields![field] });
      else notify.error(error);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="sm" testId="contact-edit-dialog">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{t('edit.title')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormField label={t('edit.name')} error={errors.name?.message} required>
              <Input {...register('name')} autoComplete="off" data-testid="contact-edit-name" />
            </FormField>
            <FormField label={t('edit.number')} error={errors.number?.message} required>
              <Input {...register('number')} inputMode="tel" autoComplete="off" data-testid="contact-edit-number" />
            </FormField>
            <FormField label={t('edit.email')} error={errors.email?.message}>
              <Input {...register('email')} type="email" autoComplete="off" data-testid="contact-edit-email" />
            </FormField>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel', { ns: 'translation' })}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="contact-edit-submit">
            {t('common.save', { ns: 'translation' })}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
