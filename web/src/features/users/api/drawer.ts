import { apiPut } from '@/lib/api-client';

/** The side menu's open state is kept per user on the server (spec part 1 §2). */
export const saveDrawerOpen = (userId: string, drawerMenuOpen: boolean) =>
  apiPut<unknown>(`/users/drawer/${encodeURIComponent(userId)}`, { drawerMenuOpen });
