import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, UserDto, UsersPage } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

/** Hierarchical keys: invalidating `userKeys.all` refreshes lists and details alike. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (search: string) => [...userKeys.lists(), { search }] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

/** The API pages with an opaque cursor; pageNumber is sent too for servers that count pages (spec). */
interface PageParam {
  cursor?: string;
  pageNumber: number;
}

export const fetchUsersPage = (search: string, page: PageParam) =>
  apiGet<UsersPage>('/users', { searchParam: search, cursor: page.cursor, pageNumber: page.pageNumber });

export const usersListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.list(search),
    queryFn: ({ pageParam }) => fetchUsersPage(search, pageParam),
    initialPageParam: { pageNumber: 1 } as PageParam,
    getNextPageParam: (last, _all, previous): PageParam | undefined =>
      last.hasMore ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });

export function useUsersList(search: string) {
  return useInfiniteQuery(usersListQuery(search));
}

export const userQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => apiGet<UserDto>(`/users/${encodeURIComponent(id)}`) });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQuery(id ?? ''), enabled: !!id });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => apiPost<UserDto>('/users', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserInput }) =>
      apiPut<UserDto>(`/users/${encodeURIComponent(id)}`, input),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/users/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
