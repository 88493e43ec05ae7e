import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box py="16">
      <Stack gap="3" maxW="md" mx="auto" textAlign="center" align="center">
        <Text fontSize="5xl" fontWeight="bold" color="brand.fg" letterSpacing="-0.04em">
          404
        </Text>
        <Heading size="lg">{t('common.notFound')}</Heading>
        <Text color="fg.muted">{t('common.notFoundText')}</Text>
        <Button asChild mt="2">
          <RouterLink to="/">{t('common.backHome')}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
