import type { ScheduleDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LuCalendarClock } from 'react-icons/lu';
import { ListPage } from '@/components/list-page';
import { ScheduleDialog, SCHEDULES_NS, useDeleteSchedule, useSchedulesList } from '@/entities/schedule';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useSession } from '@/hooks/use-session';
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
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useSchedulesList(search);
  // A search page may name a schedule a previous page named (several of its words match): once each.
  const schedules = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages.flatMap((p) => p.schedules) ?? []).filter((s) => !seen.has(s.id) && seen.add(s.id));
  }, [list.data]);
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

  return (
    <ListPage
      title={t('page.title')}
      description={t('page.description')}
      search={{ label: t('page.search'), input: searchInput, onInput: setSearchInput, active: search }}
      addLabel={t('page.add')}
      onAdd={add}
      testIdPrefix="schedules"
      list={list}
      count={schedules.length}
      scrollTestId="schedules-scroll"
      empty={{
        testId: 'schedules-empty',
        icon: <LuCalendarClock />,
        title: t('page.empty'),
        description: search ? t('page.emptySearch', { search }) : t('page.emptyText'),
      }}
      deletion={{
        dialog: deletion.dialog,
        title: t('page.deleteTitle', { name: deletion.target?.contact?.name ?? '' }),
        confirmLabel: t('delete'),
        text: t('deleteText'),
      }}
      dialogs={
        dialog ? (
          <ScheduleDialog
            key={dialog.schedule?.id ?? 'new'}
            open
            onClose={closeDialog}
            schedule={dialog.schedule}
            contact={dialog.contact}
          />
        ) : null
      }
    >
      <SchedulesTable
        schedules={schedules}
        viewer={viewer}
        onEdit={(schedule) => setDialog({ schedule, contact: schedule.contact })}
        onDelete={deletion.ask}
      />
    </ListPage>
  );
}
