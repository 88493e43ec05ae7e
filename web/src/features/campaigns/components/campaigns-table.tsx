import { HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { CampaignDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { CampaignOption } from '../api/campaign-lookups';
import { CAMPAIGNS_NS } from '../i18n';
import { CampaignRowActionsCell, type CampaignRowAction } from './campaign-row-actions';
import { CampaignStatusBadge } from './campaign-status-badge';

interface CampaignsTableProps {
  campaigns: CampaignDto[];
  /** The company's tags, to name a campaign sent to a tag. */
  tags: CampaignOption[];
  mayManage: boolean;
  onAction: (action: CampaignRowAction, campaign: CampaignDto) => void;
}

/**
 * Spec part 3 "Campaigns page": name, status, contact list, connection(s), scheduled at, completed
 * at, confirmation, actions. On a phone the name cell carries the status and the schedule; the other
 * columns hide.
 */
export function CampaignsTable({ campaigns, tags, mayManage, onAction }: CampaignsTableProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const target = (c: CampaignDto) => {
    if (c.contactList) return c.contactList.name;
    if (c.tagListId) return t('table.tagTarget', { name: tags.find((tag) => tag.id === c.tagListId)?.name ?? '…' });
    return '—';
  };
  const wide = { base: 'none', lg: 'table-cell' } as const;
  const medium = { base: 'none', md: 'table-cell' } as const;
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader display={medium}>{t('columns.status')}</Table.ColumnHeader>
          <Table.ColumnHeader display={medium}>{t('columns.contactList')}</Table.ColumnHeader>
          <Table.ColumnHeader display={wide}>{t('columns.whatsapp')}</Table.ColumnHeader>
          <Table.ColumnHeader display={medium}>{t('columns.scheduledAt')}</Table.ColumnHeader>
          <Table.ColumnHeader display={wide}>{t('columns.completedAt')}</Table.ColumnHeader>
          <Table.ColumnHeader display={wide}>{t('columns.confirmation')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('columns.actions')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {campaigns.map((c) => (
          <Table.Row key={c.id} data-testid="campaign-row">
            <Table.Cell maxW={{ base: '0', md: 'xs' }} w={{ base: 'full', md: 'auto' }}>
              <Stack gap="1" minW="0">
                <Text fontWeight="medium" truncate title={c.name} data-testid="campaign-name">
                  {c.name}
                </Text>
                <HStack gap="2" display={{ base: 'flex', md: 'none' }} fontSize="xs" color="fg.muted" minW="0">
                  <CampaignStatusBadge status={c.status} />
                  <Text truncate>{target(c)}</Text>
                  {c.scheduledAt ? <Text whiteSpace="nowrap">{formatDateTime(c.scheduledAt)}</Text> : null}
                </HStack>
              </Stack>
            </Table.Cell>
            <Table.Cell display={medium}>
              <CampaignStatusBadge status={c.status} />
            </Table.Cell>
            <Table.Cell display={medium} maxW="3xs">
              <Text truncate title={target(c)}>
                {target(c)}
              </Text>
            </Table.Cell>
            <Table.Cell display={wide} maxW="3xs">
              <Text truncate title={c.whatsapp.map((w) => w.name).join(', ')}>
                {c.whatsapp.map((w) => w.name).join(', ') || '—'}
              </Text>
            </Table.Cell>
            <Table.Cell display={medium} whiteSpace="nowrap">
              {c.scheduledAt ? formatDateTime(c.scheduledAt) : t('table.notScheduled')}
            </Table.Cell>
            <Table.Cell display={wide} whiteSpace="nowrap">
              {c.completedAt ? formatDateTime(c.completedAt) : t('table.notCompleted')}
            </Table.Cell>
            <Table.Cell display={wide} data-testid="campaign-confirmation">
              {c.confirmation ? t('table.confirmationOn') : t('table.confirmationOff')}
            </Table.Cell>
            <CampaignRowActionsCell campaign={c} mayManage={mayManage} onAction={onAction} />
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
