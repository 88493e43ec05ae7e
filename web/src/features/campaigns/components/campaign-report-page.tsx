import { Box, Button, Card, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CampaignReportDto } from '@atende/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LuArrowLeft,
  LuCircleCheck,
  LuCircleX,
  LuListChecks,
  LuMessageCircleQuestion,
  LuSend,
  LuUsers,
} from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useCampaignReport } from '../api/campaign-live';
import { CAMPAIGNS_NS } from '../i18n';
import { reportProgressPercent } from '../lib/report-progress';
import { CampaignStatusBadge } from './campaign-status-badge';

type Figure = 'validContacts' | 'planned' | 'delivered' | 'confirmationRequested' | 'confirmed' | 'failed';
const FIGURES: { key: Figure; icon: ReactNode; palette: string }[] = [
  { key: 'validContacts', icon: <LuUsers />, palette: 'blue' },
  { key: 'planned', icon: <LuListChecks />, palette: 'gray' },
  { key: 'delivered', icon: <LuSend />, palette: 'green' },
  { key: 'confirmationRequested', icon: <LuMessageCircleQuestion />, palette: 'purple' },
  { key: 'confirmed', icon: <LuCircleCheck />, palette: 'teal' },
  { key: 'failed', icon: <LuCircleX />, palette: 'red' },
];

/**
 * /campaign/{id}/report (spec part 3 "Campaign report page"): the name, the status with "delivered
 * of valid", a progress bar and the figures' cards. Live: each campaign event re-reads it, and once
 * more 5 s after FINALIZADA; while it sends it also polls (campaign-live.ts).
 */
export function CampaignReportPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { campaignId = '' } = useParams();
  const report = useCampaignReport(campaignId);

  let body: ReactNode;
  if (report.isPending) body = <LoadingState label={t('common.loading', { ns: 'translation' })} minH="64" />;
  else if (report.isError) body = <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  else body = <ReportBody report={report.data} />;

  return (
    <Box>
      <PageHeader
        title={report.data ? t('report.title', { name: report.data.campaign.name }) : t('report.heading')}
        actions={
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/campaigns">
              <LuArrowLeft />
              {t('report.back')}
            </RouterLink>
          </Button>
        }
      />
      {body}
    </Box>
  );
}

function ReportBody({ report }: { report: CampaignReportDto }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const percent = reportProgressPercent(report);
  const { campaign } = report;
  return (
    <Stack gap="5">
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
        <Card.Body gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="2">
              <Text fontWeight="medium">{t('report.status')}</Text>
              <CampaignStatusBadge status={campaign.status} />
            </HStack>
            <Text fontWeight="semibold" data-testid="campaign-report-delivered-of-valid">
              {t('report.deliveredOfValid', { delivered: report.delivered, valid: report.validContacts })}
            </Text>
          </HStack>
          <Progress.Root value={percent} size="md" colorPalette="brand" data-testid="campaign-report-progress">
            <HStack gap="3">
              <Progress.Track flex="1">
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText minW="10" textAlign="end">
                {percent}%
              </Progress.ValueText>
            </HStack>
          </Progress.Root>
          <HStack gap="6" wrap="wrap" textStyle="sm" color="fg.muted">
            <Text>
              {t('columns.contactList')}: {campaign.contactList?.name ?? '—'}
            </Text>
            <Text>
              {t('columns.whatsapp')}: {campaign.whatsapp.map((w) => w.name).join(', ') || '—'}
            </Text>
            <Text>
              {t('columns.scheduledAt')}:{' '}
              {campaign.scheduledAt ? formatDateTime(campaign.scheduledAt) : t('table.notScheduled')}
            </Text>
            <Text>
              {t('columns.completedAt')}:{' '}
              {campaign.completedAt ? formatDateTime(campaign.completedAt) : t('table.notCompleted')}
            </Text>
          </HStack>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {FIGURES.map(({ key, icon, palette }) => (
          <Card.Root key={key} variant="outline" bg="bg.panel" borderRadius="xl" data-testid={`campaign-report-${key}`}>
            <Card.Body>
              <HStack gap="4">
                <Box
                  colorPalette={palette}
                  bg="colorPalette.subtle"
                  color="colorPalette.fg"
                  p="3"
                  borderRadius="lg"
                  fontSize="xl"
                >
                  {icon}
                </Box>
                <Stack gap="0">
                  <Text textStyle="sm" color="fg.muted">
                    {t(`report.figures.${key}`)}
                  </Text>
                  <Text textStyle="2xl" fontWeight="semibold" data-testid="campaign-report-value">
                    {report[key]}
                  </Text>
                </Stack>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
