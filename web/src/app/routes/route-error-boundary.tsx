import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { loadShellTexts } from '@/lib/i18n';

/** Shown when a page fails to load or render (a lazy chunk missing, a bug): the shell stays usable. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  // On /login the error texts may not be in yet (lib/i18n.ts BOOT_TEXTS): shown once they are.
  const [, setTextsIn] = useState(false);
  useEffect(() => {
    void loadShellTexts().then(
      () => setTextsIn(true),
      () => undefined,
    );
  }, []);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Box py="16" px="4">
      <Stack gap="3" maxW="md" mx="auto" textAlign="center" align="center">
        <Heading size="lg">{notFound ? t('common.notFound') : t('common.loadFailed')}</Heading>
        <Text color="fg.muted">{notFound ? t('common.notFoundText') : t('errors.unexpected')}</Text>
        <Stack direction="row" gap="3" pt="2">
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
          <Button asChild>
            <RouterLink to="/">{t('common.backHome')}</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
