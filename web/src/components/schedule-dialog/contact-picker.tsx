import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type ContactListAnswer } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { apiGet } from '@/lib/api-client';
import { SCHEDULES_NS } from './i18n';

export interface PickedContact {
  id: string;
  name: string;
}

/** Shown choices: the first few the contact search (AP-CX1) answers. */
const SHOWN = 6;

/** The contact of a new schedule made from the /schedules page: search from 3 characters, debounced 500 ms. */
export function ContactPicker({ onPick, invalid }: { onPick: (contact: PickedContact) => void; invalid?: boolean }) {
  const { t } = useTranslation(SCHEDULES_NS);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['contacts', 'search', search],
    queryFn: () => apiGet<ContactListAnswer>('/contacts', { searchParam: search }),
    enabled: search.length >= SEARCH_MIN_CHARS,
  });
  const contacts = found.data?.contacts.slice(0, SHOWN) ?? [];
  return (
    <Stack gap="1">
      <Input
        value={typed}
        placeholder={t('contactSearch')}
        aria-label={t('contact')}
        aria-invalid={invalid || undefined}
        onChange={(event) => setTyped(event.target.value)}
        data-testid="schedule-contact-search"
      />
      {search.length >= SEARCH_MIN_CHARS && found.data && !contacts.length ? (
        <Text textStyle="xs" color="fg.muted">
          {t('contactNone')}
        </Text>
      ) : null}
      {contacts.map((contact) => (
        <Button
          key={contact.id}
          size="sm"
          variant="ghost"
          justifyContent="flex-start"
          onClick={() => onPick({ id: contact.id, name: contact.name })}
          data-testid="schedule-contact-option"
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
