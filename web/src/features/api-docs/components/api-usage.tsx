import { Box, Code, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { EXTERNAL_SEND_MAX_BYTES, EXTERNAL_SEND_RATE_LIMIT, MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { API_DOCS_NS } from '../i18n';

const ANSWERS = ['201', '400', '401', '403', '413', '422', '429'] as const;

function Snippet({ children, testId }: { children: string; testId?: string }) {
  return (
    <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="3" fontSize="sm" data-testid={testId}>
      {children}
    </Code>
  );
}

/** How to call `POST /api/messages/send` (spec part 3 §7 "External send API"): address, bodies, retries, answers. */
export function ApiUsage({ urls }: { urls: { send: string; openApi: string } }) {
  const sendUrl = urls.send;
  const { t } = useTranslation(API_DOCS_NS);
  const limits = {
    mb: EXTERNAL_SEND_MAX_BYTES / 1024 / 1024,
    requests: EXTERNAL_SEND_RATE_LIMIT.requests,
    seconds: EXTERNAL_SEND_RATE_LIMIT.windowSeconds,
  };
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        {t('howTitle')}
      </Heading>
      <Text>{t('how')}</Text>
      <Box>
        <Text fontWeight="semibold">{t('endpoint')}</Text>
        <Snippet testId="send-url">{`POST ${sendUrl}`}</Snippet>
      </Box>
      <Box>
        <Text fontWeight="semibold">{t('auth')}</Text>
        <Snippet>{'Authorization: Bearer <token>'}</Snippet>
      </Box>
      <Text color="fg.muted">{t('numberHelp')}</Text>
      <Box>
        <Heading as="h3" size="md" mb="1">
          {t('textTitle')}
        </Heading>
        <Text mb="2">{t('textHelp')}</Text>
        <Snippet>{`curl -X POST '${sendUrl}' \\
  -H 'Authorization: Bearer <token>' \\
  -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: pedido-123' \\
  -d '{"number": "5511987654321", "body": "Olá!"}'`}</Snippet>
      </Box>
      <Box>
        <Heading as="h3" size="md" mb="1">
          {t('mediaTitle')}
        </Heading>
        <Text mb="2">{t('mediaHelp', { max: MAX_MEDIA_FILES, mb: MAX_MEDIA_BYTES / 1024 / 1024 })}</Text>
        <Snippet>{`curl -X POST '${sendUrl}' \\
  -H 'Authorization: Bearer <token>' \\
  -F number=5511987654321 \\
  -F body='Segue o boleto' \\
  -F medias=@boleto.pdf`}</Snippet>
      </Box>
      <Box>
        <Heading as="h3" size="md" mb="1">
          {t('idempotencyTitle')}
        </Heading>
        <Text>{t('idempotency')}</Text>
      </Box>
      <Box>
        <Heading as="h3" size="md" mb="1">
          {t('limitsTitle')}
        </Heading>
        <List.Root ps="5">
          {ANSWERS.map((status) => (
            <List.Item key={status}>{t(`limits.${status}`, limits)}</List.Item>
          ))}
        </List.Root>
      </Box>
      <Link href={urls.openApi} target="_blank" rel="noreferrer" colorPalette="blue" data-testid="openapi-link">
        {t('openapi')}
      </Link>
    </Stack>
  );
}
