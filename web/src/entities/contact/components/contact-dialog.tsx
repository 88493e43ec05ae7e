import { Button, Dialog, Field, Grid, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactFormSchema, mayEditContactLid, type ContactDto } from '@atende/shared';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { DialogShell } from '@/components/dialog-shell';
import { LoadingState } from '@/components/loading-state';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useContact, useSaveContact, type ContactPayload } from '../api/contact-record';
import { CONTACT_NS } from '../i18n';

type Contact = ContactDto;

/** The spec delays the contact form's submit by 400 ms (part 1 §5, §9). */
export const CONTACT_SUBMIT_DELAY_MS = 400;

export interface ContactDialogProps {
  open: boolean;
  /** null: a new contact. */
  contactId: string | null;
  /** Prefills the name of a new contact (the new-ticket search's "add" option). */
  initialName?: string;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}

type FormValues = {
  name: string;
  number: string;
  email: string;
  lid: string;
  extraInfo: { name: string; value: string }[];
};

const valuesOf = (contact: Contact | null, initialName = ''): FormValues => ({
  name: contact?.name ?? initialName,
  number: contact?.number ?? '',
  email: contact?.email ?? '',
  lid: contact?.lid ?? '',
  extraInfo: contact?.extraInfo ?? [],
});

/**
 * Contact create/edit (spec part 1 §2 modals, §5), on the tickets screen and the contacts page: name,
 * number, e-mail, extra information, and the lid for admins (the shared `mayEditContactLid`).
 */
export function ContactDialog({ open, contactId, initialName, onClose, onSaved }: ContactDialogProps) {
  const { t } = useTranslation(CONTACT_NS);
  const contact = useContact(open ? contactId : null);
  const isPhone = useMediaQuery('(max-width: 479px)');
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      size={isPhone ? 'full' : 'md'}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="contact-dialog"
    >
      <Dialog.Header>
        <Dialog.Title>{contactId ? t('form.editTitle') : t('form.addTitle')}</Dialog.Title>
      </Dialog.Header>
      {contactId && !contact.data ? (
        <Dialog.Body>
          <LoadingState minH="48" />
        </Dialog.Body>
      ) : (
        <ContactForm
          key={contact.data?.id ?? 'new'}
          contact={contact.data ?? null}
          initialName={initialName}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </DialogShell>
  );
}

function ContactForm({
  contact,
  initialName,
  onClose,
  onSaved,
}: Pick<ContactDialogProps, 'initialName' | 'onClose' | 'onSaved'> & { contact: Contact | null }) {
  const { t } = useTranslation(CONTACT_NS);
  const { viewer } = useSession();
  const canEditLid = viewer ? mayEditContactLid(viewer) : false;
  const save = useSaveContact();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(contactFormSchema) as unknown as Resolver<FormValues>,
    defaultValues: valuesOf(contact, initialName),
  });
  const extra = useFieldArray({ control, name: 'extraInfo' });

  const onSubmit = async (values: FormValues) => {
    await new Promise((resolve) => setTimeout(resolve, CONTACT_SUBMIT_DELAY_MS));
    const payload: ContactPayload = {
      name: values.name,
      number: values.number,
      email: values.email,
      extraInfo: values.extraInfo,
      ...(canEditLid ? { lid: values.lid || null } : {}),
    };
    try {
      const saved = await save.mutateAsync({ id: contact?.id ?? null, payload });
      notify.success(t('form.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        // a message key, as the schema's are: the field translates it (`translateMessage`)
        if (error.code === 'ERR_DUPLICATED_CONTACT') setError('number', { message: 'errors.ERR_DUPLICATED_CONTACT' });
        for (const field of ['name', 'number', 'email', 'lid'] as const) {
          const message = error.fields?.[field];
          if (message) setError(field, { message });
        }
      }
      notify.error(error);
    }
  };

  const message = (text: string | undefined) => translateMessage(text);
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4" pt="1">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>
              {t('form.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('name')} autoComplete="off" />
            <Field.ErrorText>{message(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
            <Field.Root invalid={Boolean(errors.number)} required>
              <Field.Label>
                {t('form.number')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input {...register('number')} inputMode="tel" placeholder="5511999999999" autoComplete="off" />
              <Field.ErrorText>{message(errors.number?.message)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.email)}>
              <Field.Label>{t('form.email')}</Field.Label>
              <Input {...register('email')} type="email" autoComplete="off" />
              <Field.ErrorText>{message(errors.email?.message)}</Field.ErrorText>
            </Field.Root>
          </Grid>
          {canEditLid ? (
            <Field.Root invalid={Boolean(errors.lid)}>
              <Field.Label>{t('form.lid')}</Field.Label>
              <Input {...register('lid')} autoComplete="off" data-testid="contact-lid" />
              <Field.ErrorText>{message(errors.lid?.message)}</Field.ErrorText>
            </Field.Root>
          ) : null}
          <Stack gap="2">
            <Text fontWeight="medium" textStyle="sm">
              {t('form.extraInfo')}
            </Text>
            {extra.fields.map((field, index) => (
              <HStack key={field.id} gap="2" align="flex-start">
                <Input
                  size="sm"
                  placeholder={t('form.extraName')}
                  aria-label={t('form.extraName')}
                  {...register(`extraInfo.${index}.name`)}
                />
                <Input
                  size="sm"
                  placeholder={t('form.extraValue')}
                  aria-label={t('form.extraValue')}
                  {...register(`extraInfo.${index}.value`)}
                />
                <IconButton size="sm" variant="ghost" aria-label={t('form.removeExtra')} onClick={() => extra.remove(index)}>
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
            <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => extra.append({ name: '', value: '' })}>
              <LuPlus /> {t('form.addExtra')}
            </Button>
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
          {t('common.cancel', { ns: 'translation' })}
        </Button>
        <Button type="submit" colorPalette="brand" loading={isSubmitting}>
          {contact ? t('form.submitSave') : t('form.submitAdd')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
