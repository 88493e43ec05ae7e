import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuShieldCheck } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CONTACT_LIST_NS } from '@/entities/contact-list';
import { notify } from '@/lib/toaster';
import { useCheckListNumbers, type CheckNumbersTotals } from '../hooks/use-check-list-numbers';
import { CONTACT_LISTS_NS } from '../i18n';

/**
 * The list items page's "Verificar números" (issue 27 item 2; beside import, decisions.md): after a
 * confirmation (a large list is many WhatsApp queries through the default connection), asks again about
 * every number still unknown; the button stays pending while the pages go, a toast tells the outcome,
 * and the rows change live as the answers arrive on the page's ContactListItem channel.
 */
export function CheckNumbersButton({ listId }: { listId: string }) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const { t: tl } = useTranslation(CONTACT_LIST_NS);
  const [asking, setAsking] = useState(false);
  const check = useCheckListNumbers(listId);
  const tell = ({ settled, asked, whatsappCheck }: CheckNumbersTotals) => {
    if (whatsappCheck === 'noConnection') notify.warning(tl('whatsapp.noConnection'));
    else if (asked) notify.info(t('check.asked', { count: asked }));
    else if (settled) notify.success(t('check.settled', { count: settled }));
    else notify.info(t('check.nothing'));
  };
  const confirm = () => {
    setAsking(false);
    check.mutate(undefined, { onSuccess: tell, onError: (error) => notify.error(error) });
  };
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setAsking(true)}
        loading={check.isPending}
        loadingText={t('check.running', { count: check.pages })}
        data-testid="contact-list-items-check"
      >
        <LuShieldCheck />
        {t('check.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('check.title')}
        confirmLabel={t('check.confirm')}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        {t('check.text')}
      </ConfirmDialog>
    </>
  );
}
