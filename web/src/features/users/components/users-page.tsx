import { Box, Button, Card } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type UserDto } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { LoadingMore } from '@/components/loading-more';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRealtime } from '@/lib/realtime';
import { useSessionUser } from '@/lib/session-store';
import { notify } from '@/lib/toaster';
import { useDeleteUser, userKeys, useUsersList } from '../api/users';
import { UserFormDialog, type UserFormMode } from './user-form-dialog';
import { UsersTable } from './users-table';
import { USERS_NS } from '../i18n';

/** Spec part 1 §9 / part 2 §9: the next page loads within 100 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

type DialogState = { mode: UserFormMode; userId?: string } | null;

export function UsersPage() {
  const { t } = useTranslation(USERS_NS);
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [searchInput, setSearchInput] = useState('');
  const debounced = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // User search starts at 3 characters (spec part 1 §9); shorter input lists everyone.
  const search = debounced.length >= SEARCH_MIN_CHARS ? debounced : '';
  const list = useUsersList(search);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const [dialog, setDialog] = useState<DialogState>(null);
  const [toDelete, setToDelete] = useState<UserDto | null>(null);
  const deleteUser = useDeleteUser();
  const scrollRef = useRef<HTMLDivElement>(null);

  useRealtime('user', () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMoreIfNearBottom = useCallback(
    (element: HTMLElement) => {
      const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (distance < INFINITE_SCROLL_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  // A first page shorter than the viewport never scrolls: keep loading until it fills or ends.
  useEffect(() => {
    if (scrollRef.current) loadMoreIfNearBottom(scrollRef.current);
  }, [users.length, loadMoreIfNearBottom]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteUser.mutateAsync(toDelete.id);
      notify.success(t('deleted'));
      setToDelete(null);
    } catch (error) {
      notify.error(error);
    }
  };

  let content;
  if (list.isPending) content = <LoadingState label={t('common.loading')} minH="64" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (users.length === 0)
    content = (
      <Box py="12">
        <EmptyState
          icon={<LuUsers />}
          title={t('empty')}
          description={search ? t('emptySearch', { search }) : t('emptyText')}
          action={
            search ? null : (
              <Button size="sm" onClick={() => setDialog({ mode: 'create' })}>
                <LuPlus />
                {t('add')}
              </Button>
            )
          }
        />
      </Box>
    );
  else
    content = (
      <>
        <UsersTable
          users={users}
          currentUserId={me?.id}
          onEdit={(user) => setDialog({ mode: 'edit', userId: user.id })}
          onDelete={setToDelete}
        />
        <LoadingMore show={isFetchingNextPage} />
      </>
    );

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <SearchAndAdd
            searchLabel={t('searchPlaceholder')}
            search={searchInput}
            onSearch={setSearchInput}
            addLabel={t('add')}
            onAdd={() => setDialog({ mode: 'create' })}
          />
        }
      />
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" overflow="hidden">
        <Box
          ref={scrollRef}
          data-testid="users-scroll"
          overflow="auto"
          maxH="calc(100dvh - 14rem)"
          onScroll={(event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget)}
        >
          {content}
        </Box>
      </Card.Root>
      <UserFormDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        userId={dialog?.userId}
        actorIsAdmin
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
        loading={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
