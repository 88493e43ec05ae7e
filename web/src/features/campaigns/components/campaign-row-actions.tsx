import { IconButton, Table } from '@chakra-ui/react';
import type { CampaignDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuChartColumn, LuPencil, LuPlay, LuSquare, LuTrash2 } from 'react-icons/lu';
import { CAMPAIGNS_NS } from '../i18n';

export type CampaignRowAction = 'stop' | 'restart' | 'report' | 'edit' | 'delete';

/**
 * Spec part 3 "Campaigns page": stop while EM_ANDAMENTO, restart when CANCELADA, report, edit and
 * delete. Someone who may not manage campaigns (shared policy) sees the report only. Delete hides
 * while the campaign sends (the API refuses it: stop it first).
 */
export function campaignRowActions(campaign: Pick<CampaignDto, 'status'>, mayManage: boolean): CampaignRowAction[] {
  if (!mayManage) return ['report'];
  const actions: CampaignRowAction[] = [];
  if (campaign.status === 'EM_ANDAMENTO') actions.push('stop');
  if (campaign.status === 'CANCELADA') actions.push('restart');
  actions.push('report', 'edit');
  if (campaign.status !== 'EM_ANDAMENTO') actions.push('delete');
  return actions;
}

const ICONS = { stop: LuSquare, restart: LuPlay, report: LuChartColumn, edit: LuPencil, delete: LuTrash2 } as const;
const PALETTE: Partial<Record<CampaignRowAction, string>> = { stop: 'orange', restart: 'green', delete: 'red' };

export function CampaignRowActionsCell({
  campaign,
  mayManage,
  onAction,
}: {
  campaign: CampaignDto;
  mayManage: boolean;
  onAction: (action: CampaignRowAction, campaign: CampaignDto) => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap">
      {campaignRowActions(campaign, mayManage).map((action) => {
        const Icon = ICONS[action];
        return (
          <IconButton
            key={action}
            size="xs"
            variant="ghost"
            colorPalette={PALETTE[action]}
            aria-label={t(`actions.${action}`)}
            title={t(`actions.${action}`)}
            data-testid={`campaign-${action}`}
            onClick={() => onAction(action, campaign)}
          >
            <Icon />
          </IconButton>
        );
      })}
    </Table.Cell>
  );
}
