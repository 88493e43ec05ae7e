import { Button, EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert } from 'react-icons/lu';
import { errorMessage } from '@/lib/toaster';

/** A failed load inside a page: what went wrong and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ChakraEmptyState.Root size="md">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="fg.error">
          <LuTriangleAlert />
        </ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{t('common.loadFailed')}</ChakraEmptyState.Title>
          <ChakraEmptyState.Description>{errorMessage(error)}</ChakraEmptyState.Description>
        </VStack>
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
