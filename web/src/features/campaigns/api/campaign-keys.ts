/** Hierarchical keys (TkDodo, "Effective React Query Keys"): invalidating `all` refreshes every campaign view. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (search: string) => [...campaignKeys.lists(), { search }] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  report: (id: string) => [...campaignKeys.all, 'report', id] as const,
  stats: () => [...campaignKeys.all, 'stats'] as const,
  settings: () => [...campaignKeys.all, 'settings'] as const,
  /** The editor's pickers (connections, tags; contact lists live under their own keys). */
  lookups: (kind: 'connections' | 'tags') => [...campaignKeys.all, 'lookups', kind] as const,
};
