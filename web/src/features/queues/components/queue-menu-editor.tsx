import { Badge, Box, Button, Field, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { queueOptionUpdateSchema, type QueueOptionDto, type QueueOptionUpdateInput } from '@atende/shared';
import * as z from '@atende/shared/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuChevronRight, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useMenuLevel, useMenuMutations } from '../api/queue-options';
import { QUEUES_NS } from '../i18n';

/**
 * A queue's nested menu (spec part 3 §3 "QueueOption", §7 `/queue-options`): each level lists its
 * options by number; an option opens its own level below it. Levels load when opened (one call per
 * level, parentId -1 for the top). New options take the next number unless one is typed.
 */
export function QueueMenuEditor({ queueId, canEdit }: { queueId: string; canEdit: boolean }) {
  const { t } = useTranslation(QUEUES_NS);
  const { remove } = useMenuMutations(queueId);
  const deletion = useDeleteConfirmation<QueueOptionDto>({
    remove: (option) => remove.mutateAsync(option.id),
    pending: remove.isPending,
    done: t('menu.deleted'),
  });
  return (
    <Stack gap="3" data-testid="queue-menu-editor">
      <Text fontSize="sm" color="fg.muted">
        {t('menu.help')}
      </Text>
      <MenuLevel queueId={queueId} parentId={null} canEdit={canEdit} onDelete={deletion.ask} />
      <ConfirmDialog
        {...deletion.dialog}
        destructive
        title={t('menu.deleteTitle', { title: deletion.target?.title ?? '' })}
        confirmLabel={t('yes')}
        cancelLabel={t('no')}
      >
        {t('menu.deleteText')}
      </ConfirmDialog>
    </Stack>
  );
}

interface LevelProps {
  queueId: string;
  parentId: string | null;
  canEdit: boolean;
  onDelete: (option: QueueOptionDto) => void;
}

function MenuLevel({ queueId, parentId, canEdit, onDelete }: LevelProps) {
  const { t } = useTranslation(QUEUES_NS);
  const level = useMenuLevel(queueId, parentId);
  const { create } = useMenuMutations(queueId);
  const [adding, setAdding] = useState(false);

  if (level.isPending) return <LoadingState minH="12" />;
  if (level.isError) return <ErrorState error={level.error} onRetry={() => void level.refetch()} />;

  return (
    <Stack gap="2" pl={parentId ? { base: '3', sm: '6' } : '0'} borderLeftWidth={parentId ? '2px' : '0'}>
      {level.data.length === 0 && !adding ? (
        <Text fontSize="sm" color="fg.muted">
          {t('menu.empty')}
        </Text>
      ) : null}
      {level.data.map((option) => (
        <MenuOption key={option.id} option={option} canEdit={canEdit} onDelete={onDelete} />
      ))}
      {adding ? (
        <OptionForm
          testId={`new-option-${parentId ?? 'top'}`}
          onCancel={() => setAdding(false)}
          onSubmit={async (input) => {
            await create.mutateAsync({ queueId, parentId, ...input });
            setAdding(false);
          }}
        />
      ) : canEdit ? (
        <Box>
          <Button size="xs" variant="outline" onClick={() => setAdding(true)}>
            <LuPlus />
            {parentId ? t('menu.addChild') : t('menu.add')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function MenuOption({
  option,
  canEdit,
  onDelete,
}: {
  option: QueueOptionDto;
  canEdit: boolean;
  onDelete: (option: QueueOptionDto) => void;
}) {
  const { t } = useTranslation(QUEUES_NS);
  const { update } = useMenuMutations(option.queueId);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="2" data-testid="menu-option">
      {editing ? (
        <OptionForm
          testId={`edit-option-${option.id}`}
          initial={option}
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: option.id, input });
            setEditing(false);
          }}
        />
      ) : (
        <HStack gap="2" align="flex-start" borderWidth="1px" rounded="md" px="2" py="1.5">
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={t(open ? 'menu.hideChildren' : 'menu.showChildren', { title: option.title })}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <LuChevronDown /> : <LuChevronRight />}
          </IconButton>
          <Badge variant="solid" colorPalette="brand" mt="1">
            {option.option}
          </Badge>
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {option.title}
            </Text>
            {option.message ? (
              <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                {option.message}
              </Text>
            ) : null}
          </Box>
          {canEdit ? (
            <HStack gap="0">
              <IconButton size="xs" variant="ghost" aria-label={t('edit')} onClick={() => setEditing(true)}>
                <LuPencil />
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('delete')}
                onClick={() => onDelete(option)}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ) : null}
        </HStack>
      )}
      {open ? <MenuLevel queueId={option.queueId} parentId={option.id} canEdit={canEdit} onDelete={onDelete} /> : null}
    </Stack>
  );
}

/** The form takes the position as typed text: empty = the next free number. */
const optionFormSchema = z.object({
  title: queueOptionUpdateSchema.shape.title,
  message: queueOptionUpdateSchema.shape.message,
  option: z.string().check(z.regex(/^\d{0,2}$/)),
});
type OptionFormValues = z.input<typeof optionFormSchema>;

function OptionForm({
  initial,
  testId,
  onSubmit,
  onCancel,
}: {
  initial?: QueueOptionDto;
  testId: string;
  onSubmit: (input: QueueOptionUpdateInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(QUEUES_NS);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OptionFormValues>({
    resolver: zodResolver(optionFormSchema) as unknown as Resolver<OptionFormValues>,
    defaultValues: {
      title: initial?.title ?? '',
      message: initial?.message ?? '',
      option: initial ? String(initial.option) : '',
    },
  });
  const submit = async (values: OptionFormValues) => {
    try {
      const position = values.option ? Number(values.option) : undefined;
      await onSubmit({ title: values.title, message: values.message ?? '', ...(position ? { option: position } : {}) });
      notify.success(t('menu.saved'));
    } catch (error) {
      const field = isApiError(error) ? error.fields?.option : undefined;
      if (field) setError('option', { message: field });
      else notify.error(error);
    }
  };
  return (
    <Box
      as="form"
      onSubmit={(event) => {
        event.stopPropagation(); // the queue dialog's own form sits around this one
        void handleSubmit(submit)(event);
      }}
      borderWidth="1px"
      rounded="md"
      p="3"
      data-testid={testId}
    >
      <Stack gap="3">
        <HStack align="flex-start">
          <Field.Root invalid={!!errors.option} maxW="20">
            <Field.Label>{t('menu.position')}</Field.Label>
            <Input inputMode="numeric" {...register('option')} />
          </Field.Root>
          <Field.Root invalid={!!errors.title} required flex="1">
            <Field.Label>
              {t('menu.optionTitle')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('title')} />
            <Field.ErrorText>{translateMessage(errors.title?.message)}</Field.ErrorText>
          </Field.Root>
        </HStack>
        {errors.option ? (
          <Text fontSize="sm" color="fg.error">
            {translateMessage(errors.option.message)}
          </Text>
        ) : null}
        <Field.Root>
          <Field.Label>{t('menu.message')}</Field.Label>
          <Textarea rows={2} {...register('message')} />
        </Field.Root>
        <HStack justify="flex-end">
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button size="sm" type="submit" colorPalette="brand" loading={isSubmitting}>
            {t('save')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
