import { Badge, Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PublicLayout } from '@/components/public-layout';
import { QueryRoot } from '@/components/query-root';
import { formatDateTime } from '@/lib/format';
import { useOutbox, type OutboxMail } from '../api/signup';
import { SIGNUP_NS } from '../i18n';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's plain text with its links clickable (the confirmation link above all). */
function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} color="brand.fg" fontWeight="medium" data-testid="outbox-link">
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

function MailCard({ mail }: { mail: OutboxMail }) {
  return (
    <Card.Root size="sm" data-testid="outbox-mail">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{mail.subject}</Text>
          <Badge variant="subtle" colorPalette="gray">
            {formatDateTime(mail.sentAt)}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {mail.to}
        </Text>
        <MailText text={mail.text} />
      </Card.Body>
    </Card.Root>
  );
}

/** Local mode only (the router shows "not found" elsewhere): the e-mails the platform "sent". */
export function OutboxPage() {
  return (
    <QueryRoot>
      <OutboxContent />
    </QueryRoot>
  );
}

function OutboxContent() {
  const { t } = useTranslation(SIGNUP_NS);
  const outbox = useOutbox();
  return (
    <PublicLayout maxW="2xl">
      <Stack gap="5">
        <Stack gap="1">
          <Heading size="2xl">{t('outbox.title')}</Heading>
          <Text color="fg.muted">{t('outbox.subtitle')}</Text>
        </Stack>
        <Box>
          {outbox.isPending ? (
            <LoadingState minH="40" />
          ) : outbox.isError ? (
            <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />
          ) : outbox.data.length === 0 ? (
            <EmptyState title={t('outbox.empty')} />
          ) : (
            <Stack gap="3">
              {outbox.data.map((mail) => (
                <MailCard key={mail.id} mail={mail} />
              ))}
            </Stack>
          )}
        </Box>
        <Link asChild color="brand.fg" fontSize="sm">
          <RouterLink to="/signup">{t('outbox.backToSignup')}</RouterLink>
        </Link>
      </Stack>
    </PublicLayout>
  );
}
