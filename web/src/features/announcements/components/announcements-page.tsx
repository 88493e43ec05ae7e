import { Badge, Box, Button, Input, Stack, Table } from '@chakra-ui/react';
import type { AnnouncementDto } from '@atende/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLoadMore } from '@/hooks/use-load-more';
import { useSession } from '@/hooks/use-session';
import { formatDateTime } from '@/lib/format';
import { toaster } from '@/lib/toaster';
import { useAnnouncements, useDeleteAnnouncement } from '../api/announcements';
import { useAnnouncementsLive } from '../hooks/use-announcements-live';
import { AnnouncementFormDialog } from './announcement-form-dialog';
import { PRIORITY_COLOR } from './priority';
import { ANNOUNCEMENTS_NS } from '../i18n';
import { RowActionsCell } from '../../../components/row-actions-cell';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';

/** Spec part 3 §9: the redirect of a user who may not open the page waits 1 s, so the toast is read there. */
export const ANNOUNCEMENTS_REDIRECT_MS = 1000;
const NOT_ALLOWED_TOAST = 'announcements-not-allowed';

/** /announcements (super users; spec part 3 "Announcements"). */
export function AnnouncementsPage() {
  const { isSuper } = useSession();
  if (!isSuper) return <NotAllowed />;
  return <AnnouncementsAdmin />;
}

/** Spec part 3 "Announcements page", §8: others get the error toast and go to /tickets after 1 s. */
function NotAllowed() {
  const { t } = useTranslation(ANNOUNCEMENTS_NS);
  const navigate = useNavigate();
  useEffect(() => {
    // One toast however often this mounts (StrictMode mounts effects twice).
    if (!toaster.isVisible(NOT_ALLOWED_TOAST))
      toaster.create({ id: NOT_ALLOWED_TOAST, type: 'error', title: t('notAllowed') });
    const timer = setTimeout(() => navigate('/tickets', { replace: true }), ANNOUNCEMENTS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return null;
}

function AnnouncementsAdmin() {
  const { t } = useTranslation(ANNOUNCEMENTS_NS);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useAnnouncements(debounced);
  const remove = useDeleteAnnouncement();
  const deletion = useDeleteConfirmation({
    remove: (record: AnnouncementDto) => remove.mutateAsync(record.id),
    pending: remove.isPending,
    done: t('saved'),
  });
  const sentinel = useLoadMore(list);
  const [dialog, setDialog] = useState<{ announcement: AnnouncementDto | null } | null>(null);
  useAnnouncementsLive();
  const records = list.data?.pages.flatMap((page) => page.records) ?? [];

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (records.length === 0) content = <EmptyState title={t('emptyAdmin')} />;
  else
    content = (
      <Table.ScrollArea borderWidth="1px" borderRadius="lg">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="1" />
              <Table.ColumnHeader>{t('fields.title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fields.priority')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('attachment')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('createdAt')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {records.map((record) => (
              <Table.Row key={record.id} data-testid="announcement-row">
                <Table.Cell>
                  <Box w="1" h="6" borderRadius="full" bg={PRIORITY_COLOR[record.priority]} />
                </Table.Cell>
                <Table.Cell fontWeight="medium">{record.title}</Table.Cell>
                <Table.Cell>{t(`priority.${record.priority}`)}</Table.Cell>
                <Table.Cell color={record.mediaName ? undefined : 'fg.muted'} data-testid="announcement-attachment">
                  {record.mediaName ?? t('noAttachment')}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={record.status ? 'green' : 'gray'}>
                    {record.status ? t('active') : t('inactive')}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(record.createdAt)}</Table.Cell>
                <RowActionsCell onEdit={() => setDialog({ announcement: record })} onDelete={() => deletion.ask(record)} />
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Stack gap="5">
      <PageHeader
        title={t('title')}
        actions={
          <>
            <Input
              placeholder={t('common.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxW={{ md: '64' }}
            />
            <Button onClick={() => setDialog({ announcement: null })}>
              <LuPlus />
              {t('add')}
            </Button>
          </>
        }
      />
      {content}
      <Box ref={sentinel} h="1px" />
      {dialog ? <AnnouncementFormDialog open announcement={dialog.announcement} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteTitle', { title: deletion.target?.title ?? '' })}
        destructive
        confirmLabel={t('common.delete')}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Stack>
  );
}
