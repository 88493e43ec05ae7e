import { Box, Card, Flex, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { DashboardCounters } from '@atende/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuClock, LuHeadset, LuHourglass, LuTimer, LuUserPlus } from 'react-icons/lu';
import { DASHBOARD_NS } from '../i18n';

function StatCard({ icon, label, value, testId }: { icon: ReactNode; label: string; value: ReactNode; testId: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid={testId}>
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <HStack justify="space-between" align="flex-start">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {label}
          </Text>
          <Flex boxSize="8" borderRadius="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center">
            {icon}
          </Flex>
        </HStack>
        {/* a div, not Text's <p>: the value is a Skeleton (a div) while loading */}
        <Box fontSize="3xl" fontWeight="semibold" letterSpacing="-0.02em" data-testid={`${testId}-value`}>
          {value}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** The six cards of spec part 1 §2: waiting, in service, finished, leads, average support and wait times. */
export function CounterCards({ counters }: { counters: DashboardCounters | undefined }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const value = (n: number | undefined, minutes = false) =>
    n === undefined ? <Skeleton h="8" w="16" /> : minutes ? t('minutes', { count: n }) : n.toLocaleString();
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap={{ base: '3', md: '4' }} mb="6">
      <StatCard
        testId="card-waiting"
        icon={<LuClock />}
        label={t('cards.waiting')}
        value={value(counters?.supportPending)}
      />
      <StatCard
        testId="card-in-service"
        icon={<LuHeadset />}
        label={t('cards.inService')}
        value={value(counters?.supportHappening)}
      />
      <StatCard
        testId="card-finished"
        icon={<LuCircleCheck />}
        label={t('cards.finished')}
        value={value(counters?.supportFinished)}
      />
      <StatCard testId="card-leads" icon={<LuUserPlus />} label={t('cards.leads')} value={value(counters?.leads)} />
      <StatCard
        testId="card-support-time"
        icon={<LuTimer />}
        label={t('cards.avgSupportTime')}
        value={value(counters?.avgSupportTime, true)}
      />
      <StatCard
        testId="card-wait-time"
        icon={<LuHourglass />}
        label={t('cards.avgWaitTime')}
        value={value(counters?.avgWaitTime, true)}
      />
    </SimpleGrid>
  );
}
