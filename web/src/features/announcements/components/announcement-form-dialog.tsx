import { Button, Dialog, HStack, IconButton, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  announcementSchema,
  ANNOUNCEMENT_IMAGE_MAX_BYTES,
  ANNOUNCEMENT_IMAGE_TYPES,
  type AnnouncementDto,
  type AnnouncementInput,
} from '@atende/shared';
import { useRef, useState } from 'react';
import { LuImagePlus, LuX } from 'react-icons/lu';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { BooleanSelect, FormField, Select } from '@/components/form-field';
import { notify } from '@/lib/toaster';
import { removeAnnouncementImage, uploadAnnouncementImage, useSaveAnnouncement } from '../api/announcements';
import { ANNOUNCEMENTS_NS } from '../i18n';

/** The file's bytes in base64 (what the upload call carries), read by the browser's FileReader. */
const toBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(file);
  });

const IMAGE_KB = Math.floor(ANNOUNCEMENT_IMAGE_MAX_BYTES / 1000);

/** Why a picked file cannot be the image (a message key), or undefined when it can. */
const imageProblem = (file: File) =>
  !(file.type in ANNOUNCEMENT_IMAGE_TYPES)
    ? 'imageType'
    : file.size > ANNOUNCEMENT_IMAGE_MAX_BYTES
      ? 'imageTooLarge'
      : undefined;

/**
 * Create/edit (super users; spec part 3 "Announcements"): title, text, priority, status, an optional png/jpg image.
 * The image is checked when picked (type, size), and it goes up after the announcement is saved: when that upload
 * fails, the dialog stays open on the announcement already saved, so pressing Salvar again updates it instead
 * of creating a second one.
 */
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
  const [imageError, setImageError] = useState<string>();
  const [dropImage, setDropImage] = useState(false);
  const [savedId, setSavedId] = useState(announcement?.id);
  const imageInput = useRef<HTMLInputElement>(null);
  const pickImage = (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    setImageError(problem && t(problem, { kb: IMAGE_KB }));
    setImage(problem ? null : file);
    if (!problem) setDropImage(false);
  };
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
      const saved = await save.mutateAsync({ id: savedId, input: values });
      setSavedId(saved.id);
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
              <HStack gap="2" minW="0">
                <Button size="sm" variant="outline" onClick={() => imageInput.current?.click()}>
                  <LuImagePlus />
                  {t('chooseImage')}
                </Button>
                {image ? (
                  <>
                    <Text fontSize="sm" color="fg.muted" truncate minW="0" data-testid="announcement-image-name">
                      {image.name}
                    </Text>
                    <IconButton size="xs" variant="ghost" aria-label={t('removeImage')} onClick={() => setImage(null)}>
                      <LuX />
                    </IconButton>
                  </>
                ) : null}
              </HStack>
              <input
                ref={imageInput}
                type="file"
                hidden
                accept={Object.keys(ANNOUNCEMENT_IMAGE_TYPES).join(',')}
                data-testid="announcement-image-input"
                onChange={(e) => {
                  pickImage(e.currentTarget.files?.[0]);
                  e.currentTarget.value = '';
                }}
              />
              {imageError ? (
                <Text textStyle="xs" color="fg.error" role="alert">
                  {imageError}
                </Text>
              ) : (
                <Text textStyle="xs" color="fg.muted">
                  {t('imageHint', { kb: IMAGE_KB })}
                </Text>
              )}
            </FormField>
            {announcement?.mediaUrl && !image && !dropImage ? (
              <HStack>
                <Image src={announcement.mediaUrl} alt="" maxH="20" borderRadius="md" />
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDropImage(true)}>
                  {t('removeImage')}
                </Button>
              </HStack>
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
