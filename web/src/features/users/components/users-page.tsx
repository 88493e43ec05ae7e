import { Box } from '@chakra-ui/react';
import { SEARCH_MIN_CHARS, type UserDto } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useRealtime } from '@/lib/realtime';
import { useSessionUser } from '@/lib/session-store';
import { useDeleteUser, userKeys, useUsersList } from '../api/users';
import { UserFormDialog, type UserFormMode } from './user-form-dialog';
import { UsersTable } from './users-table';
import { USERS_NS } from '../i18n';

type DialogState = { mode: UserFormMode; userId?: string } | null;

export function UsersPage() {
  const { t } = useTranslation(USERS_NS);
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const { input: searchInput, setInput: setSearchInput, search: debounced } = useDebouncedSearch();
  // User search starts at 3 characters (spec part 1 §9); shorter input lists everyone.
  const search = debounced.length >= SEARCH_MIN_CHARS ? debounced : '';
  const list = useUsersList(search);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const [dialog, setDialog] = useState<DialogState>(null);
  const deleteUser = useDeleteUser();
  const deletion = useDeleteConfirmation({
    remove: (user: UserDto) => deleteUser.mutateAsync(user.id),
    pending: deleteUser.isPending,
    done: t('deleted'),
  });

  useRealtime('user', () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  });

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
      <ListCard
        list={list}
        count={users.length}
        scrollTestId="users-scroll"
        empty={{
          icon: <LuUsers />,
          title: t('empty'),
          description: search ? t('emptySearch', { search }) : t('emptyText'),
          addLabel: t('add'),
          onAdd: search ? undefined : () => setDialog({ mode: 'create' }),
        }}
      >
        <UsersTable
          users={users}
          currentUserId={me?.id}
          onEdit={(user) => setDialog({ mode: 'edit', userId: user.id })}
          onDelete={deletion.ask}
        />
      </ListCard>
      <UserFormDialog
        open={dialog !== null}
        mode={dialog?.mode ?? 'create'}
        userId={dialog?.userId}
        actorIsAdmin
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteTitle', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
