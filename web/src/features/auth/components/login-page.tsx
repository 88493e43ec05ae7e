import { Button, chakra, Field, Heading, IconButton, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@atende/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { translateMessage } from '@/lib/i18n';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthLayout } from './auth-layout';
import { AUTH_NS } from '../i18n';

export function LoginPage() {
  const { t } = useTranslation(AUTH_NS);
  const { signIn, isPending } = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  return (
    <AuthLayout>
      <Stack gap="8">
        <Stack gap="2">
          <Heading size="2xl" letterSpacing="-0.02em">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('subtitle')}</Text>
        </Stack>
        <chakra.form onSubmit={handleSubmit(signIn)} noValidate>
          <Stack gap="5">
            <Field.Root invalid={!!errors.email}>
              <Field.Label>{t('email')}</Field.Label>
              <Input
                type="email"
                autoComplete="email"
                autoFocus
                size="lg"
                placeholder={t('emailPlaceholder')}
                {...register('email')}
              />
              <Field.ErrorText>{translateMessage(errors.email?.message)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.password}>
              <Field.Label>{t('password')}</Field.Label>
              <InputGroup
                endElement={
                  <IconButton
                    variant="ghost"
                    size="sm"
                    me="-2"
                    aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                    title={showPassword ? t('hidePassword') : t('showPassword')}
                    onClick={() => setShowPassword((shown) => !shown)}
                  >
                    {showPassword ? <LuEyeOff /> : <LuEye />}
                  </IconButton>
                }
              >
                <Input
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  size="lg"
                  {...register('password')}
                />
              </InputGroup>
              <Field.ErrorText>{translateMessage(errors.password?.message)}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" size="lg" loading={isPending} mt="2">
              {t('submit')}
            </Button>
          </Stack>
        </chakra.form>
        <Text textAlign="center" color="fg.muted" fontSize="sm">
          {t('noAccount')}{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/signup">{t('signupLink')}</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
