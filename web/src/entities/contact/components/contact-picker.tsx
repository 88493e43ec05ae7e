import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useContactSearch } from '../api/contact-search';
import { CONTACT_NS } from '../i18n';

export interface PickedContact {
  id: string;
  name: string;
}

export interface ContactPickerProps {
  onPick: (contact: PickedContact) => void;
  invalid?: boolean;
  /** Test ids `<prefix>-contact-search` (the box) and `<prefix>-contact-option` (each choice). */
  testIdPrefix: string;
}

/** Shown choices: the first few the contact search (AP-CX1) answers. */
const SHOWN = 6;

/** A contact chosen by search (the schedule dialog's, on the /schedules page): from 3 characters, debounced 500 ms. */
export function ContactPicker({ onPick, invalid, testIdPrefix }: ContactPickerProps) {
  const { t } = useTranslation(CONTACT_NS);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useContactSearch(search);
  const contacts = found.data?.contacts.slice(0, SHOWN) ?? [];
  return (
    <Stack gap="1">
      <Input
        value={typed}
        placeholder={t('picker.search')}
        aria-label={t('picker.label')}
        aria-invalid={invalid || undefined}
        onChange={(event) => setTyped(event.target.value)}
        data-testid={`${testIdPrefix}-contact-search`}
      />
      {search.length >= SEARCH_MIN_CHARS && found.data && !contacts.length ? (
        <Text textStyle="xs" color="fg.muted">
          {t('picker.none')}
        </Text>
      ) : null}
      {contacts.map((contact) => (
        <Button
          key={contact.id}
          size="sm"
          variant="ghost"
          justifyContent="flex-start"
          onClick={() => onPick({ id: contact.id, name: contact.name })}
          data-testid={`${testIdPrefix}-contact-option`}
        >
          {contact.name}
          <Text as="span" color="fg.muted" textStyle="xs">
            {contact.number}
          </Text>
        </Button>
      ))}
    </Stack>
  );
}
