import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuPlus } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import { useSession } from '@/hooks/use-session';
import { useAddFacebookPage } from '../api/connections';
import { connectionErrorText } from '../lib/error-text';
import { ChannelIcon } from './channel-icon';

/**
 * The add menu (spec part 2 §2, §6): WhatsApp opens the dialog, Telegram is "in development",
 * Facebook/Instagram need the company's useFacebook/useInstagram setting and then ask the
 * API to link the pages (the Facebook login popup is not part of this console).
 */
export function AddConnectionMenu({ onAddWhatsapp }: { onAddWhatsapp: () => void }) {
  const { t } = useTranslation('connections');
  const { settings } = useSession();
  const addFacebook = useAddFacebookPage();

  const onMeta = async (kind: 'facebook' | 'instagram') => {
    const enabled = kind === 'facebook' ? settings.useFacebook === 'enabled' : settings.useInstagram === 'enabled';
    if (!enabled) {
      notify.error(t(kind === 'facebook' ? 'add.facebookDisabled' : 'add.instagramDisabled'));
      return;
    }
    try {
      const answer = await addFacebook.mutateAsync(kind === 'instagram' ? { addInstagram: true } : {});
      notify.info(answer?.message ?? t('add.facebookRequested'));
    } catch (error) {
      notify.error(connectionErrorText(error));
    }
  };

  const onSelect = (value: string) => {
    if (value === 'whatsapp') onAddWhatsapp();
    else if (value === 'telegram') notify.info(t('add.telegramInDevelopment'));
    else if (value === 'facebook' || value === 'instagram') void onMeta(value);
  };

  return (
    <Menu.Root onSelect={(details) => onSelect(details.value)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button loading={addFacebook.isPending} data-testid="add-connection">
          <LuPlus /> {t('add.button')} <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {(['whatsapp', 'telegram', 'facebook', 'instagram'] as const).map((channel) => (
              <Menu.Item key={channel} value={channel} gap="3" py="2">
                <ChannelIcon channel={channel} />
                {t(`add.${channel}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
