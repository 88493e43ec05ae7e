import { Button, Dialog, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { announcementSchema, ANNOUNCEMENT_IMAGE_TYPES, type AnnouncementDto, type AnnouncementInput } from '@atende/shared';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { BooleanSelect, FormField, Select } from '@/components/form-field';
import { notify } from '@/lib/toaster';
import { removeAnnouncementImage, uploadAnnouncementImage, useSaveAnnouncement } from '../api/announcements';
import { ANNOUNCEMENTS_NS } from '../i18n';

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/** Create/edit (super users; spec part 3 "Announcements"): title, text, priority, status, an optional png/jpg image. */
export function AnnouncementFormDialog({
  open,
  announcement,
  onClose,
}: {
  open: boolean;
  announcement: AnnouncementDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(ANNOUNCEMENTS_NS);
  const save = useSaveAnnouncement();
  const [image, setImage] = useState<File | null>(null);
  const [dropImage, setDropImage] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AnnouncementInput>({
    resolver: zodResolver(announcementSchema) as unknown as Resolver<AnnouncementInput>,
    defaultValues: {
      title: announcement?.title ?? '',
      text: announcement?.text ?? '',
      priority: announcement?.priority ?? 3,
      status: announcement?.status ?? true,
    },
  });

  const onSubmit = async (values: AnnouncementInput) => {
    try {
      const saved = await save.mutateAsync({ id: announcement?.id, input: values });
      if (image) {
        const contentType = image.type === 'image/png' ? 'image/png' : 'image/jpeg';
        await uploadAnnouncementImage(saved.id, { fileName: image.name, contentType, file: await toBase64(image) });
      } else if (dropImage && announcement?.mediaName) {
        await removeAnnouncementImage(saved.id);
      }
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <DialogShell open={open} onClose={onClose} size="md" scrollBehavior="inside">
      <form onSubmit={handleSubmit(onSubmit)} noValidate style={{ display: 'contents' }}>
        <Dialog.Header>
          <Dialog.Title>{announcement ? t('editTitle') : t('addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormField label={t('fields.title')} error={errors.title?.message} required>
              <Input {...register('title')} />
            </FormField>
            <FormField label={t('fields.text')} error={errors.text?.message} required>
              <Textarea rows={5} {...register('text')} />
            </FormField>
            <HStack gap="4" align="start">
              <FormField label={t('fields.priority')}>
                <Controller
                  control={control}
                  name="priority"
                  render={({ field }) => (
                    <Select value={String(field.value)} onChange={(e) => field.onChange(Number(e.currentTarget.value))}>
                      {[1, 2, 3].map((p) => (
                        <option key={p} value={p}>
                          {t(`priority.${p}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                />
              </FormField>
              <FormField label={t('fields.status')}>
                <BooleanSelect control={control} name="status" trueLabel={t('active')} falseLabel={t('inactive')} />
              </FormField>
            </HStack>
            <FormField label={t('fields.image')}>
              <Input
                type="file"
                p="1"
                accept={Object.keys(ANNOUNCEMENT_IMAGE_TYPES).join(',')}
                onChange={(e) => {
                  setImage(e.currentTarget.files?.[0] ?? null);
                  setDropImage(false);
                }}
              />
            </FormField>
            {announcement?.mediaUrl && !image && !dropImage ? (
              <HStack>
                <Image src={announcement.mediaUrl} alt="" maxH="20" borderRadius="md" />
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDropImage(true)}>
                  {t('removeImage')}
                </Button>
              </HStack>
            ) : null}
            {image ? (
              <Text fontSize="sm" color="fg.muted">
                {image.name}
              </Text>
            ) : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
