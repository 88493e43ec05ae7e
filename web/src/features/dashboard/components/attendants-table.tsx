import { Badge, Box, HStack, Table, Text } from '@chakra-ui/react';
import type { DashboardAttendant } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuStar } from 'react-icons/lu';
import { DASHBOARD_NS } from '../i18n';

/** 1 to 3 stars (spec part 1 §9: 1 unsatisfied, 2 satisfied, 3 very satisfied); the average rounded. */
function Stars({ rating }: { rating: number | null }) {
  const { t } = useTranslation(DASHBOARD_NS);
  if (rating === null) return <Text color="fg.muted">—</Text>;
  const full = Math.round(rating);
  return (
    <HStack gap="0.5" aria-label={t('attendants.ratingLabel', { rating })} title={String(rating)} data-testid="stars">
      {[1, 2, 3].map((n) => (
        <Box key={n} as="span" color={n <= full ? 'yellow.500' : 'fg.subtle'}>
          <LuStar fill={n <= full ? 'currentColor' : 'none'} />
        </Box>
      ))}
    </HStack>
  );
}

/** Attendants: name, rating, tickets, average support time, online now (spec part 1 §2). */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Table.Root size="sm" stickyHeader>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>{t('attendants.name')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('attendants.rating')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('attendants.tickets')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
            {t('attendants.avgSupportTime')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('attendants.status')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {attendants.map((a) => (
          <Table.Row key={a.id} data-testid="attendant-row">
            <Table.Cell maxW="0" w="full">
              <Text truncate fontWeight="medium">
                {a.name}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Stars rating={a.rating} />
            </Table.Cell>
            <Table.Cell textAlign="end">{a.tickets}</Table.Cell>
            <Table.Cell textAlign="end" display={{ base: 'none', sm: 'table-cell' }} whiteSpace="nowrap">
              {t('minutes', { count: a.avgSupportTime })}
            </Table.Cell>
            <Table.Cell textAlign="end">
              <Badge size="sm" colorPalette={a.online ? 'green' : 'gray'} data-testid="attendant-status">
                {a.online ? t('attendants.online') : t('attendants.offline')}
              </Badge>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
