import { Button, createListCollection, Dialog, Input, Select, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { chatInputSchema, type ChatDto, type ChatInput } from '@atende/shared';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { useCompanyUsers, useSaveChat, type ChatUserOption } from '../api/chats-api';
import { CHATS_NS } from '../i18n';

interface ChatDialogProps {
  /** The chat to edit; null for a new one. */
  chat: ChatDto | null;
  userId: string;
  onClose: () => void;
  onSaved: (chat: ChatDto) => void;
}

/**
 * The dialog 'Conversa' (spec part 3 §2): 'Título', a picker of the company's users, 'Fechar' and
 * 'Salvar'. The signed-in user is always a member (the server adds them), so they are not offered.
 * Errors are swallowed, as every chat call's (spec §7).
 */
export function ChatDialog({ chat, userId, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation(CHATS_NS);
  const users = useCompanyUsers(true);
  const save = useSaveChat();
  const options = useMemo(() => (users.data ?? []).filter((u) => u.id !== userId), [users.data, userId]);
  const collection = useMemo(
    () => createListCollection<ChatUserOption>({ items: options, itemToString: (u) => u.name, itemToValue: (u) => u.id }),
    [options],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ChatInput>({
    resolver: zodResolver(chatInputSchema) as unknown as Resolver<ChatInput>,
    defaultValues: {
      title: chat?.title ?? '',
      users: (chat?.users ?? []).filter((u) => u.userId !== userId).map((u) => ({ id: u.userId, name: u.user.name })),
    },
  });

  const onSubmit = async (input: ChatInput) => {
    try {
      onSaved(await save.mutateAsync({ id: chat?.id, input }));
    } catch {
      // spec part 3 §7: chat call errors are swallowed silently
    }
  };

  return (
    <DialogShell open onClose={onClose} size="md" testId="chat-dialog">
      <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{t('dialog.title')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <FormField label={t('dialog.fieldTitle')} error={errors.title?.message} required>
              <Input {...register('title')} autoComplete="off" data-testid="chat-title" />
            </FormField>
            <FormField label={t('dialog.users')}>
              <Controller
                control={control}
                name="users"
                render={({ field }) => (
                  <Select.Root
                    multiple
                    collection={collection}
                    value={field.value.map((u) => u.id)}
                    onValueChange={(details) =>
                      field.onChange(details.items.map((u: ChatUserOption) => ({ id: u.id, name: u.name })))
                    }
                    aria-label={t('dialog.users')}
                    data-testid="chat-users"
                  >
                    <Select.HiddenSelect />
                    <Select.Control>
                      <Select.Trigger>
                        <Select.ValueText placeholder={t('dialog.usersPlaceholder')} />
                      </Select.Trigger>
                      <Select.IndicatorGroup>
                        <Select.ClearTrigger />
                        <Select.Indicator />
                      </Select.IndicatorGroup>
                    </Select.Control>
                    {/* No Portal: inside a dialog the positioner stays in the dialog's layer. */}
                    <Select.Positioner>
                      <Select.Content>
                        {collection.items.map((user) => (
                          <Select.Item item={user} key={user.id}>
                            {user.name}
                            <Select.ItemIndicator />
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Positioner>
                  </Select.Root>
                )}
              />
            </FormField>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {t('dialog.close')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="chat-save">
            {t('dialog.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
