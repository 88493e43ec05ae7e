import { Box, Button, Card } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, type ScheduleDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LuCalendarClock, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { LoadingMore } from '@/components/loading-more';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { ScheduleDialog, SCHEDULES_NS } from '@/components/schedule-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLoadMore } from '@/hooks/use-load-more';
import { useSession } from '@/hooks/use-session';
import { useDeleteSchedule, useSchedulesList } from '@/lib/schedules-api';
import { SchedulesTable } from './schedules-table';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';

type DialogState = { schedule: ScheduleDto | null; contact: { id: string; name: string } | null } | null;

/**
 * /schedules (spec part 3 "Schedules page"): the company's scheduled messages by send time, a word
 * search (body, contact name or number), infinite scroll, add and edit through the schedule dialog,
 * delete with a confirmation, live through `company-{id}-schedule`. `?contactId=` (and `name`) opens
 * the add dialog for that contact (spec part 1: the target after a schedule is made from a contact).
 */
export function SchedulesPage() {
  const { t } = useTranslation(SCHEDULES_NS);
  const { viewer } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useSchedulesList(search);
  // A search page may name a schedule a previous page named (several of its words match): once each.
  const schedules = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages.flatMap((p) => p.schedules) ?? []).filter((s) => !seen.has(s.id) && seen.add(s.id));
  }, [list.data]);
  const sentinel = useLoadMore(list);
  const contactId = params.get('contactId');
  const [dialog, setDialog] = useState<DialogState>(() =>
    contactId ? { schedule: null, contact: { id: contactId, name: params.get('name') ?? '' } } : null,
  );
  const remove = useDeleteSchedule();
  const deletion = useDeleteConfirmation({
    remove: (schedule: ScheduleDto) => remove.mutateAsync(schedule.id),
    pending: remove.isPending,
    done: t('deleted'),
  });

  const closeDialog = () => {
    setDialog(null);
    if (contactId) navigate('/schedules', { replace: true });
  };
  const add = () => setDialog({ schedule: null, contact: null });

  let content;
  if (list.isPending) content = <LoadingState label={t('common.loading', { ns: 'translation' })} minH="64" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!schedules.length)
    content = (
      <Box py="12" data-testid="schedules-empty">
        <EmptyState
          icon={<LuCalendarClock />}
          title={t('page.empty')}
          description={search ? t('page.emptySearch', { search }) : t('page.emptyText')}
          action={
            search ? null : (
              <Button size="sm" onClick={add}>
                <LuPlus />
                {t('page.add')}
              </Button>
            )
          }
        />
      </Box>
    );
  else
    content = (
      <>
        <SchedulesTable
          schedules={schedules}
          viewer={viewer}
          onEdit={(schedule) => setDialog({ schedule, contact: schedule.contact })}
          onDelete={deletion.ask}
        />
        <div ref={sentinel} />
        <LoadingMore show={list.isFetchingNextPage} />
      </>
    );

  return (
    <Box>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <SearchAndAdd
            searchLabel={t('page.search')}
            search={searchInput}
            onSearch={setSearchInput}
            addLabel={t('page.add')}
            onAdd={add}
            testIdPrefix="schedules"
          />
        }
      />
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" overflow="hidden">
        <Box overflow="auto" maxH="calc(100dvh - 14rem)" data-testid="schedules-scroll">
          {content}
        </Box>
      </Card.Root>
      {dialog ? (
        <ScheduleDialog
          key={dialog.schedule?.id ?? 'new'}
          open
          onClose={closeDialog}
          schedule={dialog.schedule}
          contact={dialog.contact}
        />
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('page.deleteTitle', { name: deletion.target?.contact?.name ?? '' })}
        confirmLabel={t('delete')}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
