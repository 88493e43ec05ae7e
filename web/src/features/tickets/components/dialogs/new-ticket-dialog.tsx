import { Avatar, Button, chakra, Dialog, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, ticketNeedsQueue } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUserPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { DialogShell } from '@/components/dialog-shell';
import { useContactSearch } from '@/entities/contact';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatPhone } from '@/lib/phone';
import { notify } from '@/lib/toaster';
import { useCreateTicket } from '../../api/tickets';
import type { Contact } from '../../api/types';
import { useQueueChoices } from '../../hooks/use-queue-choices';
import { useViewer } from '../../hooks/use-viewer';
import { ChoiceField } from './choice-field';
import { ContactDialog } from './contact-dialog';

interface NewTicketDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * New ticket (spec part 1 §2, §5): the contact search starts at 3 characters, 500 ms after the
 * last key; a queue is required unless the user is an admin ('Selecione uma fila').
 */
export function NewTicketDialog({ open, onClose }: NewTicketDialogProps) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const { viewer } = useViewer();
  const [term, setTerm] = useState('');
  const [contact, setContact] = useState<Contact | null>(null);
  const [queueId, setQueueId] = useState('');
  const [errors, setErrors] = useState<{ contact?: string; queue?: string }>({});
  const [addingContact, setAddingContact] = useState(false);
  const searchTerm = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useContactSearch(contact ? '' : searchTerm);
  const { queues } = useQueueChoices(open);
  const create = useCreateTicket();
  const queueRequired = viewer ? ticketNeedsQueue(viewer) : true;

  const close = () => {
    setTerm('');
    setContact(null);
    setQueueId('');
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const next = {
      contact: contact ? undefined : t('newTicket.selectContact'),
      queue: queueRequired && !queueId ? t('newTicket.selectQueue') : undefined,
    };
    setErrors(next);
    if (next.contact || next.queue || !contact || !viewer) return;
    try {
      const ticket = await create.mutateAsync({
        contactId: contact.id,
        queueId: queueId || null,
        userId: viewer.userId,
        status: 'open',
      });
      close();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      notify.error(error);
    }
  };

  const results = search.data?.contacts ?? [];
  const searching = searchTerm.length >= SEARCH_MIN_CHARS && !contact;
  return (
    <>
      <DialogShell open={open && !addingContact} onClose={close} size="sm" testId="new-ticket-dialog">
        <Dialog.Header>
          <Dialog.Title>{t('newTicket.title')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors.contact)} required>
              <Field.Label>
                {t('newTicket.contact')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={contact ? contact.name : term}
                onChange={(event) => {
                  setContact(null);
                  setTerm(event.target.value);
                }}
                placeholder={t('newTicket.contactPlaceholder')}
                autoComplete="off"
                data-testid="contact-search"
              />
              {errors.contact ? <Field.ErrorText>{errors.contact}</Field.ErrorText> : null}
            </Field.Root>
            {searching ? (
              <Stack
                gap="0"
                borderWidth="1px"
                borderColor="border"
                rounded="md"
                maxH="56"
                overflowY="auto"
                role="listbox"
                data-testid="contact-results"
              >
                {search.isFetching && results.length === 0 ? <Spinner size="sm" m="3" /> : null}
                {results.map((found) => (
                  <chakra.button
                    key={found.id}
                    type="button"
                    role="option"
                    display="flex"
                    alignItems="center"
                    gap="3"
                    px="3"
                    py="2"
                    textAlign="start"
                    _hover={{ bg: 'bg.muted' }}
                    onClick={() => {
                      setContact(found);
                      setErrors((e) => ({ ...e, contact: undefined }));
                    }}
                  >
                    <Avatar.Root size="xs">
                      <Avatar.Fallback name={found.name} />
                      {found.profilePicUrl ? <Avatar.Image src={found.profilePicUrl} alt="" /> : null}
                    </Avatar.Root>
                    <Stack gap="0" minW="0">
                      <Text textStyle="sm" truncate>
                        {found.name}
                      </Text>
                      <Text textStyle="xs" color="fg.muted">
                        {formatPhone(found.number)}
                      </Text>
                    </Stack>
                  </chakra.button>
                ))}
                {!search.isFetching && results.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted" px="3" py="2">
                    {t('newTicket.noContacts')}
                  </Text>
                ) : null}
                <chakra.button
                  type="button"
                  display="flex"
                  alignItems="center"
                  gap="2"
                  px="3"
                  py="2"
                  color="brand.fg"
                  textStyle="sm"
                  _hover={{ bg: 'bg.muted' }}
                  onClick={() => setAddingContact(true)}
                >
                  <LuUserPlus />
                  {t('newTicket.addContact', { name: searchTerm })}
                </chakra.button>
              </Stack>
            ) : null}
            <ChoiceField
              label={t('newTicket.queue')}
              placeholder={t('newTicket.queuePlaceholder')}
              choices={queues}
              value={queueId}
              onChange={(value) => {
                setQueueId(value);
                setErrors((e) => ({ ...e, queue: undefined }));
              }}
              error={errors.queue}
              required={queueRequired}
              testId="new-ticket-queue"
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <HStack>
            <Button variant="outline" onClick={close}>
              {t('common.cancel', { ns: 'translation' })}
            </Button>
            <Button
              colorPalette="brand"
              loading={create.isPending}
              onClick={() => void submit()}
              data-testid="new-ticket-submit"
            >
              {t('newTicket.submit')}
            </Button>
          </HStack>
        </Dialog.Footer>
      </DialogShell>
      <ContactDialog
        open={addingContact}
        contactId={null}
        initialName={searchTerm}
        onClose={() => setAddingContact(false)}
        onSaved={(saved) => setContact(saved)}
      />
    </>
  );
}
