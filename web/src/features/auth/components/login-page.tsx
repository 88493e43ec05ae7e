import { Box, Button, chakra, Field, Heading, IconButton, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import type { LoginInput } from '@atende/shared';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from '@/components/sign-in-icons';
import { Link as RouterLink } from 'react-router';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { loadShellTexts, translateMessage } from '@/lib/i18n';
import { loadSignInFlow, useSignIn } from '../hooks/use-sign-in';
import { PublicLayout } from '@/components/public-layout';
import { AUTH_NS } from '../i18n';
import type { LoginErrors } from '../lib/validate-login';
import { findPrerenderedForm, handOver, takeSent } from '../lib/prerendered-form';
import { SIGN_OUT_TEXT, signOutReason } from '../lib/sign-out-reason';

/**
 * The schema (and zod with it, 10 KB gzip) is not needed to paint the page: it loads right after,
 * and is surely in by the time the form is sent (decisions.md "First load and phone polish"); so do
 * the validation messages and the API's error texts it may show (`loadShellTexts`) and the sign-in's
 * steps (`loadSignInFlow`, issue 28).
 */
const loadValidator = async () =>
  (await Promise.all([import('../lib/validate-login'), loadShellTexts(), loadSignInFlow()]))[0];

export function LoginPage() {
  const { t } = useTranslation(AUTH_NS);
  const { signIn, isPending } = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [prerendered] = useState(findPrerenderedForm);
  // Kept until the next sign-in: the forced logout shows this page, then reloads it 1 s later.
  const [signedOut] = useState(signOutReason);
  useEffect(() => afterFirstPaint(() => void loadValidator()), []);
  const send = async (input: LoginInput) => {
    const verdict = (await loadValidator()).validateLogin(input);
    if ('errors' in verdict) {
      setErrors(verdict.errors);
      return;
    }
    setErrors({});
    void signIn(verdict.data);
  };
  const sendTyped = useEffectEvent((input: LoginInput) => void send(input));
  // Before the page shows the app's form, which has rendered beside the prerendered one: what was typed
  // there, in the same field with the focus and caret, then the prerendered copy goes; and when the visitor
  // already pressed 'Acessar' there, it is sent now instead of waiting for a second press.
  useLayoutEffect(() => {
    if (!prerendered) return;
    const typed = handOver(prerendered, { email: emailRef.current, password: passwordRef.current });
    if (typed) setValues(typed);
    if (typed && takeSent(prerendered)) sendTyped(typed);
  }, [prerendered]);

  // Two fields and one schema: validated with the shared schema directly, without a form library
  // (react-hook-form stays out of the sign-in page's first load; decisions.md "Web console: first load").
  const field = (name: keyof LoginInput) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(values);
  };

  return (
    <PublicLayout>
      <Stack gap="8">
        <Stack gap="2">
          <Heading size="2xl" letterSpacing="-0.02em">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('subtitle')}</Text>
        </Stack>
        {signedOut ? (
          // Made of what the page already loads (an Alert would add to its first-load budget).
          <Box
            role="status"
            borderWidth="1px"
            borderColor="border.warning"
            bg="bg.warning"
            borderRadius="lg"
            px="4"
            py="3"
            data-testid="signed-out-reason"
          >
            <Text fontWeight="medium" color="fg.warning">
              {t(SIGN_OUT_TEXT[signedOut])}
            </Text>
          </Box>
        ) : null}
        <chakra.form onSubmit={onSubmit} noValidate>
          <Stack gap="5">
            <Field.Root invalid={!!errors.email}>
              <Field.Label>{t('email')}</Field.Label>
              <Input
                ref={emailRef}
                type="email"
                autoComplete="email"
                autoFocus={!prerendered}
                size="lg"
                placeholder={t('emailPlaceholder')}
                {...field('email')}
              />
              <Field.ErrorText>{translateMessage(errors.email)}</Field.ErrorText>
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
                  ref={passwordRef}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  size="lg"
                  {...field('password')}
                />
              </InputGroup>
              <Field.ErrorText>{translateMessage(errors.password)}</Field.ErrorText>
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
    </PublicLayout>
  );
}
