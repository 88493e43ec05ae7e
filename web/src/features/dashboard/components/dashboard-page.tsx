import { Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowRight, LuCircleCheck, LuClock, LuHeadset, LuUserPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useSessionUser } from '@/lib/session-store';
import { DASHBOARD_NS } from '../i18n';

function StatCard({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
      <Card.Body gap="3">
        <HStack justify="space-between">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {label}
          </Text>
          <Flex boxSize="8" borderRadius="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center">
            {icon}
          </Flex>
        </HStack>
        <Text fontSize="3xl" fontWeight="semibold" color="fg.subtle" letterSpacing="-0.02em">
          —
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Admin home until the real dashboard (charts, attendants) lands: the cards to come, and first steps. */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const user = useSessionUser();
  const firstName = user?.name.split(' ')[0] ?? '';
  return (
    <Box>
      <PageHeader
        title={t('greeting', { name: firstName })}
        description={t('subtitle', { company: user?.company.name ?? '' })}
      />
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mb="6">
        <StatCard icon={<LuClock />} label={t('cards.waiting')} />
        <StatCard icon={<LuHeadset />} label={t('cards.inService')} />
        <StatCard icon={<LuCircleCheck />} label={t('cards.finished')} />
        <StatCard icon={<LuUserPlus />} label={t('cards.leads')} />
      </SimpleGrid>
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
        <Card.Body>
          <Stack gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
            <Stack gap="1" maxW="2xl">
              <Heading size="md">{t('soonTitle')}</Heading>
              <Text color="fg.muted">{t('soonText')}</Text>
            </Stack>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild variant="outline">
                <RouterLink to="/users">
                  {t('shortcutUsers')}
                  <LuArrowRight />
                </RouterLink>
              </Button>
              <Button asChild>
                <RouterLink to="/connections">
                  {t('shortcutConnections')}
                  <LuArrowRight />
                </RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
