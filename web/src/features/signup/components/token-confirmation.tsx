import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useRuntimeConfig } from '@/lib/config';
import { notify } from '@/lib/toaster';
import { useResendSignupToken, useValidateSignupToken, type SignupTokenCode } from '../api/signup';
import { SIGNUP_NS } from '../i18n';

/** Spec part 1 §4 "Lead (sign-up)" and §8: the texts of each outcome, exactly as written. */
const OUTCOME: Record<SignupTokenCode, { text: string; status: 'success' | 'info' | 'error' | 'warning' }> = {
  activated: { text: 'validation.saas.activated', status: 'success' },
  already_active: { text: 'validation.saas.alreadyActive', status: 'info' },
  banned: { text: 'validation.saas.banned', status: 'error' },
  expired: { text: 'validation.saas.tokenExpired', status: 'warning' },
  invalid: { text: 'token.invalid', status: 'error' },
};

export function TokenConfirmation({ token }: { token: string }) {
  const { t } = useTranslation(SIGNUP_NS);
  const { localMode } = useRuntimeConfig();
  const validation = useValidateSignupToken(token);
  const resend = useResendSignupToken();

  if (validation.isPending) return <LoadingState minH="40" label={t('token.checking')} />;
  if (validation.isError) return <ErrorState error={validation.error} onRetry={() => void validation.refetch()} />;

  const { code, email } = validation.data;
  const outcome = OUTCOME[code] ?? OUTCOME.invalid;
  const canSignIn = code === 'activated' || code === 'already_active';

  const sendNewLink = async () => {
    if (!email) return;
    try {
      await resend.mutateAsync(email);
      notify.success(t('token.newLinkSent', { email }));
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Stack gap="4" data-testid="signup-token">
      <Alert.Root status={outcome.status} borderRadius="lg">
        <Alert.Indicator />
        <Alert.Title data-testid="signup-token-outcome">{t(outcome.text)}</Alert.Title>
      </Alert.Root>
      {code === 'expired' && email ? (
        <Button onClick={() => void sendNewLink()} loading={resend.isPending} disabled={resend.isSuccess}>
          {t('token.sendNewLink')}
        </Button>
      ) : null}
      {resend.isSuccess && localMode ? (
        <Button asChild variant="outline">
          <RouterLink to="/outbox">{t('outboxLink')}</RouterLink>
        </Button>
      ) : null}
      <Button asChild variant={canSignIn ? 'solid' : 'outline'}>
        <RouterLink to="/login">{canSignIn ? t('token.signIn') : t('backToLogin')}</RouterLink>
      </Button>
    </Stack>
  );
}
