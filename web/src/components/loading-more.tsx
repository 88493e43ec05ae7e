import { HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The row under an infinitely scrolled list while its next page loads. */
export function LoadingMore({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? (
    <HStack justify="center" py="4" color="fg.muted" fontSize="sm">
      <Spinner size="sm" />
      <Text>{t('common.loadingMore')}</Text>
    </HStack>
  ) : null;
}
