import { Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { createTicketNoteSchema } from '@atende/shared';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTrash2 } from 'react-icons/lu';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useAddNote, useDeleteNote, useTicketNotes } from '../../api/notes';

/** Notes on the ticket (spec part 1 §2 drawer, §5: at least 2 characters, 'Muito curto!'). */
export function TicketNotes({ ticketId, contactId }: { ticketId: string; contactId: string }) {
  const { t } = useTranslation('tickets');
  const notes = useTicketNotes(ticketId, contactId);
  const add = useAddNote(ticketId, contactId);
  const remove = useDeleteNote(ticketId, contactId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const parsed = createTicketNoteSchema.safeParse({ note, ticketId, contactId });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]?.message));
    try {
      await add.mutateAsync(parsed.data.note);
      setNote('');
      notify.success(t('drawer.noteAdded'));
    } catch (err) {
      notify.error(err);
    }
  };

  const drop = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      notify.success(t('drawer.noteDeleted'));
    } catch (err) {
      notify.error(err);
    }
  };

  return (
    <Stack gap="3" data-testid="ticket-notes">
      <Field.Root invalid={Boolean(error)}>
        <Textarea
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
          placeholder={t('drawer.notePlaceholder')}
          aria-label={t('drawer.notePlaceholder')}
          rows={3}
          size="sm"
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
      <Button size="xs" colorPalette="brand" alignSelf="flex-end" loading={add.isPending} onClick={() => void submit()}>
        {t('drawer.addNote')}
      </Button>
      {(notes.data ?? []).length === 0 && !notes.isLoading ? (
        <Text textStyle="sm" color="fg.muted">
          {t('drawer.noNotes')}
        </Text>
      ) : null}
      {(notes.data ?? []).map((item) => (
        <Stack key={item.id} gap="1" p="2.5" bg="bg.subtle" rounded="md" borderWidth="1px" borderColor="border">
          <Text textStyle="sm" whiteSpace="pre-wrap">
            {item.note}
          </Text>
          <HStack justify="space-between">
            <Text textStyle="xs" color="fg.muted">
              {item.user?.name} · {format(parseISO(item.createdAt), 'dd/MM/yyyy HH:mm')}
            </Text>
            <IconButton size="2xs" variant="ghost" aria-label={t('drawer.deleteNote')} onClick={() => void drop(item.id)}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}
