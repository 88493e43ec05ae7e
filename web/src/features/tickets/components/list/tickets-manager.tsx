import { Badge, Box, Button, Flex, HStack, Input, InputGroup, Stack, Switch, Tabs } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS } from '@atende/shared';
import { mayFilterTicketsByUser, mayPeekTicket, mayShowAllTickets } from '@atende/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheckCheck, LuInbox, LuPlus, LuSearch } from 'react-icons/lu';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { TicketListFilters } from '../../api/keys';
import { useTags, useUserOptions } from '../../api/lookups';
import { useTicketList } from '../../api/tickets';
import type { TicketDto } from '../../api/types';
import { useViewer } from '../../hooks/use-viewer';
import { TicketList } from './ticket-list';

/** The search tab's filters (Chakra's Select, ~9 KB gzip) load with that tab, not with the screen (issue 28). */
const MultiPick = lazy(async () => ({ default: (await import('./multi-pick')).MultiPick }));

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'assigned' | 'pending';

export interface TicketsManagerProps {
  selectedUuid?: string;
  onOpen: (ticket: TicketDto) => void;
  onAccept: (ticket: TicketDto) => void;
  onPeek: (ticket: TicketDto) => void;
  onNewTicket: () => void;
  acceptingId: string | null;
}

function CountBadge({ count, testId }: { count: number | undefined; testId: string }) {
  return (
    <Badge
      size="xs"
      variant="solid"
      colorPalette="brand"
      borderRadius="full"
      minW="5"
      justifyContent="center"
      data-testid={testId}
    >
      {count ?? 0}
    </Badge>
  );
}

/** The list side of the workspace: tabs open (assigned/pending), closed and search (spec part 1 §2). */
export function TicketsManager({ selectedUuid, onOpen, onAccept, onPeek, onNewTicket, acceptingId }: TicketsManagerProps) {
  const { t } = useTranslation('tickets');
  const { viewer } = useViewer();
  const [tab, setTab] = useState<MainTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('assigned');
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const canShowAll = viewer ? mayShowAllTickets(viewer) : false;
  const canFilterUsers = viewer ? mayFilterTicketsByUser(viewer) : false;
  const all = canShowAll && showAll;

  // Both open sub-lists run so their badges count even when hidden.
  const assigned = useTicketList({ status: 'open', showAll: all });
  const pending = useTicketList({ status: 'pending', showAll: all });
  const closed = useTicketList({ status: 'closed', showAll: all }, tab === 'closed');
  const searchFilters: TicketListFilters = { searchParam, tags: tagIds, users: userIds, showAll: all };
  const searched = useTicketList(searchFilters, tab === 'search');
  const tags = useTags();
  const users = useUserOptions(tab === 'search' && canFilterUsers);

  const rowProps = {
    selectedUuid,
    onOpen,
    // An accepted ticket is the viewer's: show it where it now lives.
    onAccept: (ticket: TicketDto) => {
      setTab('open');
      setOpenTab('assigned');
      onAccept(ticket);
    },
    onPeek: viewer && mayPeekTicket(viewer) ? onPeek : undefined,
    acceptingId,
  };

  return (
    <Flex direction="column" h="full" minH="0" bg="bg.panel" data-testid="tickets-manager">
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as MainTab)} variant="line" size="sm" fitted>
        <Tabs.List>
          <Tabs.Trigger value="open" data-testid="tab-open">
            <LuInbox /> {t('tabs.open')}
          </Tabs.Trigger>
          <Tabs.Trigger value="closed" data-testid="tab-closed">
            <LuCheckCheck /> {t('tabs.closed')}
          </Tabs.Trigger>
          <Tabs.Trigger value="search" data-testid="tab-search">
            <LuSearch /> {t('tabs.search')}
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>

      <HStack px="3" py="2" gap="2" borderBottomWidth="1px" borderColor="border" justify="space-between">
        <Button size="xs" variant="outline" onClick={onNewTicket} data-testid="new-ticket">
          <LuPlus /> {t('list.newTicket')}
        </Button>
        {canShowAll ? (
          <Switch.Root size="sm" checked={showAll} onCheckedChange={(d) => setShowAll(d.checked)} data-testid="show-all">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('list.showAll')}</Switch.Label>
          </Switch.Root>
        ) : null}
      </HStack>

      {tab === 'search' ? (
        <Stack px="3" py="2" gap="2" borderBottomWidth="1px" borderColor="border">
          <InputGroup startElement={<LuSearch />}>
            <Input
              size="sm"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('list.searchPlaceholder')}
              aria-label={t('list.searchPlaceholder')}
              data-testid="ticket-search"
            />
          </InputGroup>
          <Suspense fallback={null}>
            <HStack gap="2">
              <MultiPick
                items={tags.data ?? []}
                value={tagIds}
                onChange={setTagIds}
                label={t('list.filterTags')}
                placeholder={t('list.filterTags')}
                testId="tag-filter"
              />
              {canFilterUsers ? (
                <MultiPick
                  items={users.data ?? []}
                  value={userIds}
                  onChange={setUserIds}
                  label={t('list.filterUsers')}
                  placeholder={t('list.filterUsers')}
                  testId="user-filter"
                />
              ) : null}
            </HStack>
          </Suspense>
        </Stack>
      ) : null}

      {tab === 'open' ? (
        <Tabs.Root value={openTab} onValueChange={(d) => setOpenTab(d.value as OpenTab)} variant="subtle" size="sm" fitted>
          <Tabs.List px="2" py="1.5" borderBottomWidth="1px" borderColor="border">
            <Tabs.Trigger value="assigned" data-testid="tab-assigned">
              {t('tabs.assigned')}
              <CountBadge count={assigned.data?.pages[0]?.count} testId="count-assigned" />
            </Tabs.Trigger>
            <Tabs.Trigger value="pending" data-testid="tab-pending">
              {t('tabs.pending')}
              <CountBadge count={pending.data?.pages[0]?.count} testId="count-pending" />
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      ) : null}

      <Box flex="1" minH="0">
        {tab === 'open' ? <TicketList query={openTab === 'assigned' ? assigned : pending} {...rowProps} /> : null}
        {tab === 'closed' ? <TicketList query={closed} {...rowProps} /> : null}
        {tab === 'search' ? <TicketList query={searched} {...rowProps} /> : null}
      </Box>
    </Flex>
  );
}
