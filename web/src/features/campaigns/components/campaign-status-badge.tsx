import { Badge } from '@chakra-ui/react';
import type { CampaignStatus } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CAMPAIGNS_NS } from '../i18n';

/** One colour per status (spec §4 labels Inativa, Programada, Em Andamento, Cancelada, Finalizada). */
export const CAMPAIGN_STATUS_PALETTE: Record<CampaignStatus, string> = {
  INATIVA: 'gray',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'orange',
  CANCELADA: 'red',
  FINALIZADA: 'green',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  return (
    <Badge size="sm" colorPalette={CAMPAIGN_STATUS_PALETTE[status]} data-testid="campaign-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
