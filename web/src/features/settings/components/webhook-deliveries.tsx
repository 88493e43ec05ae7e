import { Badge, Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw } from 'react-icons/lu';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format';
import { useWebhookDeliveries } from '../api/webhook';
import { WEBHOOK_NS } from '../webhook-i18n';

/** The latest delivery attempts (event, attempt, status, HTTP status, latency), newest first. */
export function WebhookDeliveries() {
  const { t } = useTranslation(WEBHOOK_NS);
  const deliveries = useWebhookDeliveries(true);
  let content;
  if (deliveries.isPending) content = <LoadingState minH="24" />;
  else if (deliveries.isError) content = <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  else if (deliveries.data.length === 0)
    content = (
      <Text color="fg.muted" fontSize="sm" py="3">
        {t('deliveries.empty')}
      </Text>
    );
  else
    content = (
      <Box overflowX="auto" maxH="80" overflowY="auto">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{t('deliveries.at')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('deliveries.event')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('deliveries.status')}</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t('deliveries.attempt')}</Table.ColumnHeader>
              <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }} textAlign="end">
                {t('deliveries.latency')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {deliveries.data.map((d) => (
              <Table.Row key={d.id} data-testid="webhook-delivery">
                <Table.Cell whiteSpace="nowrap">{formatDateTime(d.at)}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {d.event}
                </Table.Cell>
                <Table.Cell>
                  <Badge
                    colorPalette={d.status === 'delivered' ? 'green' : 'red'}
                    variant="subtle"
                    title={d.error ?? undefined}
                  >
                    {t(`deliveries.${d.status}`)}
                    {d.httpStatus ? ` · ${d.httpStatus}` : ''}
                  </Badge>
                </Table.Cell>
                <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>{d.attempt}</Table.Cell>
                <Table.Cell display={{ base: 'none', sm: 'table-cell' }} textAlign="end">
                  {t('deliveries.ms', { ms: d.latencyMs })}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    );
  return (
    <Box>
      <HStack justify="space-between" mb="2">
        <Text fontWeight="semibold">{t('deliveries.title')}</Text>
        <Button size="xs" variant="ghost" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
          <LuRefreshCw />
          {t('deliveries.refresh')}
        </Button>
      </HStack>
      {content}
    </Box>
  );
}
