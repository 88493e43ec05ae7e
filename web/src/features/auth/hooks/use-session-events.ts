import { useTranslation } from 'react-i18next';
import { realtimeChannel, type CompanyDto, type UserDto } from '@atende/shared';
import { useRealtime } from '@/lib/realtime';
import { sessionStore } from '@/lib/session-store';
import { notify } from '@/lib/toaster';
import { clearSessionLocally } from '../api/logout';
import { useSession } from '@/hooks/use-session';
import { AUTH_NS } from '../i18n';

/** Spec part 1 §9: the page reloads 1 s after a forced logout, so the message can be read first. */
export const FORCED_RELOAD_DELAY_MS = 1000;

export function forceLogout(message: string, reload: () => void = () => window.location.reload()): void {
  clearSessionLocally();
  notify.warning(message);
  setTimeout(reload, FORCED_RELOAD_DELAY_MS);
}

interface UserEvent {
  action: string;
  userId?: string;
  user?: Partial<UserDto> & { id: string };
}

interface CompanyEvent {
  action: string;
  company?: Partial<CompanyDto> & { id?: string };
}

/**
 * Live events about the signed-in user and their company (spec part 1 §4): deletion or
 * deactivation of the user forces a logout; other updates of the user or the company
 * refresh the session copy (the company guard re-judges it); a deleted company logs out.
 */
export function useSessionEvents(): void {
  const { t } = useTranslation(AUTH_NS);
  const { user } = useSession();
  const companyId = user?.companyId;

  useRealtime<UserEvent>(companyId ? realtimeChannel.user(companyId) : null, (data) => {
    const me = sessionStore.get().user;
    if (!me) return;
    const targetId = data.userId ?? data.user?.id;
    if (targetId !== me.id) return;
    if (data.action === 'delete') {
      forceLogout(t('forcedLogoutDeleted'));
    } else if (data.action === 'update' && data.user) {
      if (data.user.status === false) {
        forceLogout(t('forcedLogoutDeactivated'));
        return;
      }
      sessionStore.setUser({ ...me, ...data.user, company: me.company });
    }
  });

  useRealtime<CompanyEvent>(companyId ? realtimeChannel.companyChanged(companyId) : null, (data) => {
    const me = sessionStore.get().user;
    if (!me) return;
    if (data.action === 'delete') {
      clearSessionLocally();
      return;
    }
    if (data.action === 'update' && data.company) {
      sessionStore.setUser({ ...me, company: { ...me.company, ...data.company } });
    }
  });
}
