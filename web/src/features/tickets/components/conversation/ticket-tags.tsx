import { Badge, Box, Button, HStack, Input, Popover, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuPlus, LuTag, LuX } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import { useCreateTag, useSyncTicketTags, useTags } from '../../api/lookups';
import type { TagRef, TicketDto } from '../../api/types';

/** Tag names compare without case or accents, as a person types them. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/**
 * The ticket's tags under its header (spec part 1 §3 "Ticket" tags, §7 /tags): chips with a remove
 * button and a picker that toggles the company's tags or creates one from the typed name. Every
 * change sends the whole set (POST /tags/sync); other consoles follow through the `tagUpdate` event.
 */
export function TicketTags({ ticket }: { ticket: TicketDto }) {
  const { t } = useTranslation('tickets');
  const tags = useTags();
  const sync = useSyncTicketTags();
  const create = useCreateTag();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const current = ticket.tags ?? [];
  const chosen = new Set(current.map((tag) => tag.id));
  const busy = sync.isPending || create.isPending;

  const matching = useMemo(
    () => (tags.data ?? []).filter((tag) => folded(tag.name).includes(folded(filter))),
    [tags.data, filter],
  );
  const exact = (tags.data ?? []).some((tag) => folded(tag.name) === folded(filter));

  const save = (tagIds: string[]) => sync.mutate({ ticketId: ticket.id, tagIds }, { onError: (err) => notify.error(err) });
  const toggle = (tag: TagRef) =>
    save(chosen.has(tag.id) ? current.filter((x) => x.id !== tag.id).map((x) => x.id) : [...chosen, tag.id]);
  const createAndAdd = () => {
    const name = filter.trim();
    if (!name) return;
    create.mutate(name, {
      onSuccess: (tag) => {
        setFilter('');
        save([...chosen, tag.id]);
      },
      onError: (err) => notify.error(err),
    });
  };

  return (
    <HStack
      gap="1.5"
      px={{ base: '2', md: '4' }}
      py="1.5"
      flexWrap="wrap"
      borderBottomWidth="1px"
      borderColor="border"
      bg="bg.panel"
      data-testid="ticket-tags"
    >
      <Box color="fg.muted" aria-hidden>
        <LuTag />
      </Box>
      {current.map((tag) => (
        <Badge key={tag.id} size="sm" variant="solid" style={{ background: tag.color }} data-testid="ticket-tag">
          {tag.name}
          <chakra.button
            type="button"
            aria-label={t('tags.remove', { name: tag.name })}
            onClick={() => toggle(tag)}
            disabled={busy}
            display="inline-flex"
            cursor="pointer"
            ms="0.5"
          >
            <LuX />
          </chakra.button>
        </Badge>
      ))}
      <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} positioning={{ placement: 'bottom-start' }}>
        <Popover.Trigger asChild>
          <Button size="2xs" variant="ghost" loading={busy} data-testid="ticket-tags-edit">
            <LuPlus /> {current.length ? t('tags.edit') : t('tags.add')}
          </Button>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w={{ base: '80vw', sm: '64' }}>
              <Popover.Body p="2">
                <Input
                  size="sm"
                  value={filter}
                  placeholder={t('tags.search')}
                  aria-label={t('tags.search')}
                  onChange={(event) => setFilter(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && filter.trim() && !exact) createAndAdd();
                  }}
                  data-testid="ticket-tags-filter"
                />
                <Stack gap="0" mt="2" maxH="60" overflowY="auto" role="listbox" aria-multiselectable>
                  {tags.isLoading ? (
                    <Text textStyle="sm" color="fg.muted" px="2">
                      {t('tags.loading')}
                    </Text>
                  ) : null}
                  {!tags.isLoading && !matching.length && !filter.trim() ? (
                    <Text textStyle="sm" color="fg.muted" px="2">
                      {t('tags.empty')}
                    </Text>
                  ) : null}
                  {matching.map((tag) => (
                    <chakra.button
                      key={tag.id}
                      type="button"
                      role="option"
                      aria-selected={chosen.has(tag.id)}
                      onClick={() => toggle(tag)}
                      disabled={busy}
                      display="flex"
                      alignItems="center"
                      gap="2"
                      px="2"
                      py="1.5"
                      rounded="sm"
                      textAlign="start"
                      cursor="pointer"
                      _hover={{ bg: 'bg.muted' }}
                      data-testid="ticket-tags-option"
                    >
                      <Box boxSize="2.5" rounded="full" flexShrink={0} style={{ background: tag.color }} />
                      <Text flex="1" textStyle="sm" truncate>
                        {tag.name}
                      </Text>
                      {chosen.has(tag.id) ? <LuCheck /> : null}
                    </chakra.button>
                  ))}
                  {filter.trim() && !exact ? (
                    <Button
                      size="xs"
                      variant="ghost"
                      justifyContent="start"
                      onClick={createAndAdd}
                      disabled={busy}
                      data-testid="ticket-tags-create"
                    >
                      <LuPlus /> {t('tags.create', { name: filter.trim() })}
                    </Button>
                  ) : null}
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </HStack>
  );
}
