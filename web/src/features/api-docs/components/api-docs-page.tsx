import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { loadConfig } from '@/lib/config';
import { externalApiUrls } from '../api/send-test-message';
import { API_DOCS_NS } from '../i18n';
import { ApiUsage } from './api-usage';
import { SendTestForm } from './send-test-form';

/** /apidocs (spec part 3 "Messages API documentation page"): how to send text and media, with test forms. */
export function ApiDocsPage() {
  const { t } = useTranslation(API_DOCS_NS);
  const config = useQuery({ queryKey: ['runtime-config'], queryFn: loadConfig, staleTime: Infinity });

  return (
    <Stack gap="8">
      <PageHeader title={t('title')} description={t('description')} />
      {config.data ? <ApiUsage urls={externalApiUrls(config.data.apiUrl)} /> : <LoadingState />}
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {t('testTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <SendTestForm />
          <SendTestForm withMedia />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
