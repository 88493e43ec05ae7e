import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

/** The ticket workspace is a later issue; non-admins land here after signing in. */
export function TicketsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('tickets.title')} text={t('tickets.soonText')} homeLink={false} />;
}
