import type { UserDto } from '@atende/shared';
import { getQueueRefs } from '../../data/queues';
import type { UserRecord } from '../../data/users';

/** Users as the API returns them (never the password hash), queues resolved in one batch per company. */
export async function toUserDtos(users: UserRecord[]): Promise<UserDto[]> {
  const byCompany = new Map<string, Set<string>>();
  for (const u of users) {
    const ids = byCompany.get(u.companyId) ?? new Set<string>();
    u.queueIds.forEach((id) => ids.add(id));
    byCompany.set(u.companyId, ids);
  }
  const queues = new Map<string, Awaited<ReturnType<typeof getQueueRefs>>[number]>();
  for (const [companyId, ids] of byCompany) {
    if (!ids.size) continue;
    for (const q of await getQueueRefs(companyId, [...ids])) queues.set(`${companyId}#${q.id}`, q);
  }
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    status: u.status,
    super: u.super,
    companyId: u.companyId,
    queues: u.queueIds.map((id) => queues.get(`${u.companyId}#${id}`)).filter((q) => q !== undefined),
    drawerMenuOpen: u.drawerMenuOpen,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  }));
}

export async function toUserDto(user: UserRecord): Promise<UserDto> {
  const [dto] = await toUserDtos([user]);
  return dto!;
}
