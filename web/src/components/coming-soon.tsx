import { Box, Button, Card, Heading, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from './page-header';

/** Menu entries whose screens land in later versions. */
export function ComingSoon({ title, text, homeLink = true }: { title: string; text?: string; homeLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box>
      <PageHeader title={title} />
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
        <Card.Body py={{ base: '12', md: '16' }}>
          <VStack gap="4" textAlign="center" maxW="md" mx="auto">
            <Box
              bg="brand.subtle"
              color="brand.fg"
              borderRadius="full"
              boxSize="14"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="2xl"
            >
              <LuSparkles />
            </Box>
            <Heading size="md">{t('common.comingSoon')}</Heading>
            <Text color="fg.muted">{text ?? t('common.comingSoonText')}</Text>
            {homeLink ? (
              <Button asChild variant="outline" size="sm">
                <RouterLink to="/">{t('common.backHome')}</RouterLink>
              </Button>
            ) : null}
          </VStack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
