import { HStack, IconButton, Table, Text } from '@chakra-ui/react';
import type { QueueIntegrationDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuExternalLink, LuPencil, LuTrash2 } from 'react-icons/lu';
import { externalToolUrl } from '../lib/integration-form';
import { IntegrationTypeIcon } from './integration-type-icon';
import { INTEGRATIONS_NS } from '../i18n';

interface IntegrationsTableProps {
  integrations: QueueIntegrationDto[];
  onEdit: (integration: QueueIntegrationDto) => void;
  onDelete: (integration: QueueIntegrationDto) => void;
}

/** Spec part 2 §2: type (icon with a tooltip), name and actions; n8n and Typebot rows open their tool in a new tab. */
export function IntegrationsTable({ integrations, onEdit, onDelete }: IntegrationsTableProps) {
  const { t } = useTranslation(INTEGRATIONS_NS);
  return (
    <Table.Root size="md" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader w="20">{t('columns.type')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="36">
            {t('columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {integrations.map((integration) => {
          const tool = externalToolUrl(integration);
          return (
            <Table.Row key={integration.id} data-testid="integration-row">
              <Table.Cell>
                <IntegrationTypeIcon type={integration.type} label={t(`types.${integration.type}`)} />
              </Table.Cell>
              <Table.Cell maxW="0" w="full">
                <Text fontWeight="medium" truncate title={integration.name}>
                  {integration.name}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack gap="1" justify="flex-end">
                  {tool ? (
                    <IconButton asChild aria-label={t('openTool')} title={t('openTool')} size="sm" variant="ghost">
                      <a href={tool} target="_blank" rel="noopener noreferrer">
                        <LuExternalLink />
                      </a>
                    </IconButton>
                  ) : null}
                  <IconButton
                    aria-label={t('common.edit')}
                    title={t('common.edit')}
                    size="sm"
                    variant="ghost"
                    onClick={() => onEdit(integration)}
                  >
                    <LuPencil />
                  </IconButton>
                  <IconButton
                    aria-label={t('common.delete')}
                    title={t('common.delete')}
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => onDelete(integration)}
                  >
                    <LuTrash2 />
                  </IconButton>
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
