import { Box, Button, Dialog, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { pickerContactListSchema, type ContactListDto } from '@atende/shared';
import * as z from '@atende/shared/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { notify } from '@/lib/toaster';
import { contactListSearchQuery, useCreateContactList } from '../api/contact-list-api';
import { CONTACT_LIST_NS } from '../i18n';

/** Spec part 3 §9: the picker searches from 3 characters, 300 ms after the last keystroke. */
export const PICKER_MIN_SEARCH = 3;
export const PICKER_DEBOUNCE_MS = 300;

export interface ContactListPickerProps {
  onClose: () => void;
  /** The list chosen (or just created); the dialog stays open while it runs. */
  onSelect: (list: ContactListDto) => Promise<void> | void;
  title?: string;
}

/**
 * The contact-list picker (spec part 3 "Contact-list picker dialog", §5 "New contact list from the
 * picker"): search by name, pick a list, or add a new one after a confirmation, its name in upper
 * case (at least 3 characters). Buttons cancel, add and select.
 */
export function ContactListPicker({ onClose, onSelect, title }: ContactListPickerProps) {
  const { t } = useTranslation(CONTACT_LIST_NS);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ContactListDto | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [selecting, setSelecting] = useState(false);
  const debounced = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const searchable = debounced.length >= PICKER_MIN_SEARCH;
  const found = useQuery({ ...contactListSearchQuery(debounced), enabled: searchable });
  const create = useCreateContactList();

  const select = async (list: ContactListDto) => {
    setSelecting(true);
    try {
      await onSelect(list);
    } finally {
      setSelecting(false);
    }
  };
  const askCreate = () => {
    const parsed = z.safeParse(pickerContactListSchema, { name: text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setCreating(parsed.data.name);
  };
  const confirmCreate = async () => {
    if (!creating) return;
    try {
      const list = await create.mutateAsync(creating);
      setCreating(null);
      setChosen(list);
      setText(list.name);
    } catch (error) {
      setCreating(null);
      notify.error(error);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="sm" testId="contact-list-picker">
      <Dialog.Header>
        <Dialog.Title>{title ?? t('picker.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <FormField label={t('picker.search')} error={fieldError}>
            <Input
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(undefined);
              }}
              autoComplete="off"
              autoFocus
              data-testid="contact-list-picker-search"
            />
          </FormField>
          {searchable ? null : (
            <Text textStyle="xs" color="fg.muted" data-testid="contact-list-picker-hint">
              {t('picker.searchHint')}
            </Text>
          )}
          {searchable ? (
            <Box borderWidth="1px" rounded="md" maxH="60" overflow="auto" role="listbox" aria-label={t('picker.search')}>
              {found.isPending ? (
                <Stack direction="row" p="3" align="center">
                  <Spinner size="sm" />
                  <Text textStyle="sm">{t('picker.searching')}</Text>
                </Stack>
              ) : found.isError ? (
                <Text p="3" textStyle="sm" color="fg.error" role="alert">
                  {t('picker.searchError')}
                </Text>
              ) : found.data.length === 0 ? (
                <Text p="3" textStyle="sm" color="fg.muted" data-testid="contact-list-picker-none">
                  {t('picker.none')}
                </Text>
              ) : (
                found.data.map((list) => (
                  <Button
                    key={list.id}
                    variant={chosen?.id === list.id ? 'subtle' : 'ghost'}
                    w="full"
                    justifyContent="space-between"
                    rounded="none"
                    role="option"
                    aria-selected={chosen?.id === list.id}
                    onClick={() => setChosen(list)}
                    data-testid="contact-list-picker-option"
                  >
                    <Text as="span" truncate>
                      {list.name}
                    </Text>
                    <Text as="span" textStyle="xs" color="fg.muted">
                      {chosen?.id === list.id ? <LuCheck /> : t('picker.contacts', { count: list.contactsCount })}
                    </Text>
                  </Button>
                ))
              )}
            </Box>
          ) : null}
          {chosen ? (
            <Text textStyle="sm" data-testid="contact-list-picker-chosen">
              {t('picker.selected', { name: chosen.name })}
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="outline" onClick={onClose}>
          {t('picker.cancel')}
        </Button>
        <Button variant="outline" onClick={askCreate} data-testid="contact-list-picker-add">
          <LuPlus />
          {t('picker.add')}
        </Button>
        <Button
          colorPalette="brand"
          disabled={!chosen}
          loading={selecting}
          onClick={() => chosen && void select(chosen)}
          data-testid="contact-list-picker-select"
        >
          {t('picker.select')}
        </Button>
      </Dialog.Footer>
      <ConfirmDialog
        open={creating !== null}
        loading={create.isPending}
        title={t('picker.createTitle', { name: creating ?? '' })}
        confirmLabel={t('picker.create')}
        onConfirm={() => void confirmCreate()}
        onClose={() => setCreating(null)}
      >
        {t('picker.createText')}
      </ConfirmDialog>
    </DialogShell>
  );
}
