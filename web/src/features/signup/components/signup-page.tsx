import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { QueryRoot } from '@/components/query-root';
import { useRuntimeConfig } from '@/lib/config';
import { prefillFromQuery } from '../lib/signup-form';
import { SignupForm } from './signup-form';
import { TokenConfirmation } from './token-confirmation';
import { SIGNUP_NS } from '../i18n';

/**
 * /signup (spec part 1 §2): the company sign-up form; `?token=` confirms an e-mail;
 * `?register=front-web-page` arrives from a landing page with the fields it collected.
 */
export function SignupPage() {
  return (
    <QueryRoot>
      <SignupContent />
    </QueryRoot>
  );
}

function SignupContent() {
  const { t } = useTranslation(SIGNUP_NS);
  const { localMode } = useRuntimeConfig();
  const [params] = useSearchParams();
  const token = params.get('token');
  const initial = useMemo(() => prefillFromQuery(params), [params]);

  return (
    <PublicLayout maxW="lg">
      <Stack gap="6">
        <Stack gap="2">
          <Heading size="2xl" letterSpacing="-0.02em">
            {token ? t('token.title') : t('title')}
          </Heading>
          {token ? null : <Text color="fg.muted">{t('subtitle')}</Text>}
        </Stack>
        {token ? <TokenConfirmation token={token} /> : <SignupForm initial={initial} />}
        {localMode ? (
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            {t('localHint')}{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/outbox">{t('outboxLink')}</RouterLink>
            </Link>
          </Text>
        ) : null}
      </Stack>
    </PublicLayout>
  );
}
