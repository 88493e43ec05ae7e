import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuBuilding2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from './auth-layout';
import { AUTH_NS } from '../i18n';

/** The real company sign-up is a later issue; until then the page says so and leads back. */
export function SignupPage() {
  const { t } = useTranslation(AUTH_NS);
  return (
    <AuthLayout>
      <Stack gap="6">
        <Box
          bg="brand.subtle"
          color="brand.fg"
          borderRadius="xl"
          boxSize="12"
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="xl"
        >
          <LuBuilding2 />
        </Box>
        <Stack gap="2">
          <Heading size="2xl" letterSpacing="-0.02em">
            {t('signup.title')}
          </Heading>
          <Text color="fg.muted">{t('signup.text')}</Text>
        </Stack>
        <Button asChild variant="outline" size="lg">
          <RouterLink to="/login">
            <LuArrowLeft />
            {t('signup.backToLogin')}
          </RouterLink>
        </Button>
      </Stack>
    </AuthLayout>
  );
}
