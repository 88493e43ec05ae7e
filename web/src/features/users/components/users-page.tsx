import { SEARCH_MIN_CHARS, type UserDto } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuUsers } from 'react-icons/lu';
import { ListPage } from '@/components/list-page';
import { useListPage } from '@/hooks/use-list-page';
import { useRealtime } from '@/lib/realtime';
import { useSessionUser } from '@/lib/session-store';
import { useDeleteUser, userKeys, useUsersList } from '../api/users';
import { UserFormDialog, type UserFormMode } from './user-form-dialog';
import { UsersTable } from './users-table';
import { USERS_NS } from '../i18n';

type DialogState = { mode: UserFormMode; userId?: string } | null;

export function UsersPage() {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [dialog, setDialog] = useState<DialogState>(null);
  const page = useListPage<UserDto>({
    ns: USERS_NS,
    remove: useDeleteUser(),
    name: (user) => user.name,
    // User search starts at 3 characters (spec part 1 §9); shorter input lists everyone.
    search: { labelKey: 'searchPlaceholder', minChars: SEARCH_MIN_CHARS },
    confirmKey: 'common.delete',
    onAdd: () => setDialog({ mode: 'create' }),
  });
  const list = useUsersList(page.search);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];

  useRealtime('user', () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  });

  return (
    <ListPage
      {...page.page}
      list={list}
      count={users.length}
      scrollTestId="users-scroll"
      empty={{ icon: <LuUsers />, ...page.emptyTexts }}
      dialogs={
        <UserFormDialog
          open={dialog !== null}
          mode={dialog?.mode ?? 'create'}
          userId={dialog?.userId}
          actorIsAdmin
          onClose={() => setDialog(null)}
        />
      }
    >
      <UsersTable
        users={users}
        currentUserId={me?.id}
        onEdit={(user) => setDialog({ mode: 'edit', userId: user.id })}
        onDelete={page.askDelete}
      />
    </ListPage>
  );
}
