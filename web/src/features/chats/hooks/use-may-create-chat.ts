import { mayCreateChat, policySettings } from '@atende/shared';
import { useSession } from '@/hooks/use-session';
import { useInternalChatSetting } from '../api/chats-api';

/**
 * The 'Nova' button (spec part 3 §2, §6): admins, or anyone when allowsUserToUseInternalChat is
 * 'enabled' — read by key as the spec says, the session's copy standing in until it answers.
 */
export function useMayCreateChat(): boolean {
  const { viewer, policy } = useSession();
  const setting = useInternalChatSetting();
  if (!viewer) return false;
  const settings =
    setting.data === undefined ? policy : policySettings([{ key: 'allowsUserToUseInternalChat', value: setting.data }]);
  return mayCreateChat(viewer, settings);
}
