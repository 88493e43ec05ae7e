import { Box, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useSessionUser } from '@/lib/session-store';
import { useDashboard, type DashboardFilter } from '../api/dashboard-api';
import { DASHBOARD_NS } from '../i18n';
import { AttendantsTable } from './attendants-table';
import { CounterCards } from './counter-cards';
import { DashboardFilterForm, defaultDashboardFilter } from './dashboard-filter';

/** recharts is heavy: the chart comes in its own chunk once the figures are on screen. */
const TicketsByHourChart = lazy(() => import('./tickets-by-hour-chart'));

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" overflow="hidden" mb="6" data-testid={testId}>
      <Card.Header pb="0">
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * `/` for admins (spec part 1 §2 "Dashboard"): the period filter (default: start of month to
 * today), the six cards, tickets created per hour over the period and the attendants table. The
 * figures are aggregates the API keeps as tickets change, in the company's time zone.
 */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const user = useSessionUser();
  const [filter, setFilter] = useState<DashboardFilter>(() => defaultDashboardFilter());
  const figures = useDashboard(filter);
  const hours = useMemo(
    () =>
      (figures.data?.ticketsByHour ?? []).map((b) => ({ hour: `${String(b.hour).padStart(2, '0')}:00`, tickets: b.count })),
    [figures.data],
  );
  const firstName = user?.name.split(' ')[0] ?? '';

  return (
    <Box>
      <PageHeader
        title={t('greeting', { name: firstName })}
        description={t('subtitle', { company: user?.company.name ?? '' })}
      />
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" mb="6">
        <Card.Body p={{ base: '4', md: '5' }}>
          <DashboardFilterForm value={filter} onApply={setFilter} />
        </Card.Body>
      </Card.Root>
      {figures.isError ? (
        <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />
      ) : (
        <>
          <CounterCards counters={figures.data?.counters} />
          <Section title={t('chart.title')} testId="dashboard-chart">
            {figures.data ? (
              hours.some((h) => h.tickets > 0) ? (
                <Suspense fallback={<Skeleton h="xs" />}>
                  <TicketsByHourChart data={hours} label={t('chart.tickets')} />
                </Suspense>
              ) : (
                <Text color="fg.muted" textStyle="sm" py="8" textAlign="center" data-testid="dashboard-chart-empty">
                  {t('chart.empty')}
                </Text>
              )
            ) : (
              <Skeleton h="xs" />
            )}
          </Section>
          <Section title={t('attendants.title')}>
            {!figures.data ? (
              <Stack gap="2">
                <Skeleton h="6" />
                <Skeleton h="6" />
              </Stack>
            ) : figures.data.attendants.length ? (
              <Box overflowX="auto" mx={{ base: '-4', md: '0' }}>
                <AttendantsTable attendants={figures.data.attendants} />
              </Box>
            ) : (
              <EmptyState icon={<LuUsers />} title={t('attendants.empty')} />
            )}
          </Section>
        </>
      )}
    </Box>
  );
}
