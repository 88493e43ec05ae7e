import { useState } from 'react';
import { Avatar, Box, Button, Checkbox, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNowStrict, parseISO, type Locale } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { LuUserPlus, LuX } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import { useCreateSimContact, type SimContact } from '../api/simulator-api';
import { PanelTitle } from './panel-title';
import { initials } from '@/lib/initials';

export interface SimContactsPanelProps {
  connectionId: string | null;
  contacts: SimContact[];
  selectedNumber: string | null;
  onSelect: (number: string) => void;
}

/** How long ago the last message was: 'agora' under a minute, never '0 segundos' (issue 8 item 17). */
export function lastMessageAge(at: string, locale: Locale, justNow: string, now: number = Date.now()): string {
  const date = parseISO(at);
  if (now - date.getTime() < 60_000) return justNow;
  return formatDistanceToNowStrict(date, { locale });
}

/** Digits only, 10–15 of them, as the control API wants (country code first). */
export function normaliseNumber(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

function NewContactForm({
  connectionId,
  onCreated,
  onCancel,
}: {
  connectionId: string;
  onCreated: (c: SimContact) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('simulator');
  const create = useCreateSimContact(connectionId);
  const [name, setName] = useState('');
  const [number, setNumber] = useState('55119');
  const [lidOnly, setLidOnly] = useState(false);
  const [tried, setTried] = useState(false);
  const digits = normaliseNumber(number);
  const nameOk = name.trim().length > 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!digits || !nameOk) return;
    create.mutate(
      { name: name.trim(), number: digits, lidOnly },
      { onSuccess: onCreated, onError: (error) => notify.error(error.message) },
    );
  };

  return (
    <Box as="section" borderWidth="1px" rounded="l3" p="3" bg="bg.panel" data-testid="sim-new-contact">
      <form onSubmit={submit}>
        <Stack gap="2.5">
          <Field.Root invalid={tried && !nameOk}>
            <Field.Label textStyle="xs">{t('contacts.name')}</Field.Label>
            <Input size="sm" value={name} onChange={(e) => setName(e.target.value)} placeholder="Maria Silva" autoFocus />
          </Field.Root>
          <Field.Root invalid={tried && !digits}>
            <Field.Label textStyle="xs">{t('contacts.number')}</Field.Label>
            <Input
              size="sm"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              inputMode="tel"
              placeholder="5511988887777"
            />
            <Field.ErrorText>{t('contacts.numberInvalid')}</Field.ErrorText>
          </Field.Root>
          <Checkbox.Root size="sm" checked={lidOnly} onCheckedChange={(d) => setLidOnly(d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label textStyle="xs" color="fg.muted">
              {t('contacts.lidOnly')}
            </Checkbox.Label>
          </Checkbox.Root>
          <HStack justify="flex-end" gap="2">
            <Button size="xs" variant="ghost" onClick={onCancel}>
              {t('contacts.cancel')}
            </Button>
            <Button size="xs" type="submit" loading={create.isPending}>
              {t('contacts.create')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** Middle column: the customers of the chosen connection. */
const DATE_LOCALES = { 'pt-BR': ptBR, en: enUS, es } as const;

export function SimContactsPanel({ connectionId, contacts, selectedNumber, onSelect }: SimContactsPanelProps) {
  const { t, i18n } = useTranslation('simulator');
  const locale = DATE_LOCALES[(i18n.resolvedLanguage ?? 'pt-BR') as keyof typeof DATE_LOCALES] ?? ptBR;
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="3" minH="0">
      <PanelTitle
        title={t('contacts.title')}
        count={connectionId ? contacts.length : undefined}
        action={
          connectionId ? (
            <IconButton
              size="xs"
              variant={adding ? 'ghost' : 'subtle'}
              aria-label={adding ? t('contacts.cancel') : t('contacts.new')}
              title={t('contacts.new')}
              onClick={() => setAdding((v) => !v)}
              data-testid="sim-add-contact"
            >
              {adding ? <LuX /> : <LuUserPlus />}
            </IconButton>
          ) : null
        }
      />
      {!connectionId ? (
        <Text textStyle="sm" color="fg.muted" px="1">
          {t('contacts.selectConnection')}
        </Text>
      ) : null}
      {connectionId && adding ? (
        <NewContactForm
          connectionId={connectionId}
          onCancel={() => setAdding(false)}
          onCreated={(contact) => {
            setAdding(false);
            onSelect(contact.number);
          }}
        />
      ) : null}
      {connectionId && contacts.length === 0 && !adding ? (
        <Stack align="center" gap="3" py="6" textAlign="center">
          <Text textStyle="sm" color="fg.muted">
            {t('contacts.empty')}
          </Text>
          <Button size="sm" variant="subtle" onClick={() => setAdding(true)}>
            <LuUserPlus /> {t('contacts.new')}
          </Button>
        </Stack>
      ) : null}
      <Stack gap="1" overflowY="auto" minH="0">
        {contacts.map((contact) => {
          const selected = contact.number === selectedNumber;
          return (
            <HStack
              key={contact.number}
              role="button"
              tabIndex={0}
              onClick={() => onSelect(contact.number)}
              onKeyDown={(e) => e.key === 'Enter' && onSelect(contact.number)}
              data-testid="sim-contact"
              data-number={contact.number}
              gap="3"
              p="2"
              rounded="l2"
              cursor="pointer"
              bg={selected ? 'brand.subtle' : 'transparent'}
              _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
            >
              <Avatar.Root size="sm" colorPalette="brand">
                <Avatar.Fallback>{initials(contact.name)}</Avatar.Fallback>
              </Avatar.Root>
              <Stack gap="0" flex="1" minW="0">
                <Text textStyle="sm" fontWeight="medium" truncate>
                  {contact.name}
                </Text>
                <Text textStyle="xs" color="fg.muted" truncate fontVariantNumeric="tabular-nums">
                  +{contact.number}
                  {contact.lidOnly ? ' · LID' : ''}
                </Text>
              </Stack>
              {contact.lastMessageAt ? (
                <Text textStyle="2xs" color="fg.subtle" flexShrink={0}>
                  {lastMessageAge(contact.lastMessageAt, locale, t('contacts.justNow'))}
                </Text>
              ) : null}
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
