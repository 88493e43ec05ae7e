import { Alert, Button, Checkbox, Field, Grid, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema } from '@atende/shared';
import { useCallback, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { MaskedInput } from '@/components/masked-input';
import { isApiError } from '@/lib/api-client';
import { useRuntimeConfig } from '@/lib/config';
import { translateMessage } from '@/lib/i18n';
import { CNPJ_MASK, PHONE_MASK } from '@/lib/masks';
import { notify } from '@/lib/toaster';
import { usePublicPlans, useRegisterLead } from '../api/signup';
import { usePlanFromParent } from '../hooks/use-plan-from-parent';
import { emptySignup, toSignupPayload, type SignupFormValues } from '../lib/signup-form';
import { PlanChoice } from './plan-choice';
import { SIGNUP_NS } from '../i18n';

/** Refusals about one field, shown on that field. */
const FIELD_OF_CODE: Record<string, keyof SignupFormValues> = {
  ERR_LEAD_INVALID_EMAIL: 'email',
  ERR_LEAD_EMAIL_ALREADY_EXISTS: 'email',
  ERR_EMAIL_ALREADY_EXISTS: 'email',
  ERR_LEAD_INVALID_VAT: 'vat',
  ERR_LEAD_VAT_ALREADY_EXISTS: 'vat',
  ERR_LEAD_INVALID_NAME: 'name',
  ERR_LEAD_NAME_ALREADY_EXISTS: 'name',
  ERR_COMPANY_NAME_ALREADY_EXISTS: 'name',
};
const FIELDS = Object.keys(emptySignup) as (keyof SignupFormValues)[];

/** Spec part 1 §2 "Sign-up", §5: every rule is the shared `signupSchema`, the same the API applies. */
export function SignupForm({ initial }: { initial: Partial<SignupFormValues> }) {
  const { t } = useTranslation(SIGNUP_NS);
  const { localMode } = useRuntimeConfig();
  const plans = usePublicPlans();
  const registerLead = useRegisterLead();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues>({
    resolver: zodResolver(signupSchema) as unknown as Resolver<SignupFormValues>,
    defaultValues: { ...emptySignup, ...initial },
    mode: 'onTouched',
  });
  const terms = watch('terms');

  usePlanFromParent(useCallback((planId: string) => setValue('planId', planId, { shouldValidate: true }), [setValue]));

  const onSubmit = async (values: SignupFormValues) => {
    try {
      const lead = await registerLead.mutateAsync(toSignupPayload(values));
      setSentTo(lead.email);
    } catch (error) {
      const field = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
      if (field) {
        setError(field, { message: `errors.${(error as { code: string }).code}` });
        return;
      }
      const fieldErrors = isApiError(error) ? FIELDS.filter((name) => error.fields?.[name]) : [];
      for (const name of fieldErrors)
        setError(name, { message: (error as { fields: Record<string, string> }).fields[name] });
      if (fieldErrors.length === 0) notify.error(error);
    }
  };

  if (sentTo) {
    return (
      <Stack gap="4" data-testid="signup-sent">
        <Alert.Root status="success" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('sent.title')}</Alert.Title>
            <Alert.Description>{t('sent.text', { email: sentTo })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {localMode ? (
          <Button asChild variant="outline">
            <RouterLink to="/outbox">{t('outboxLink')}</RouterLink>
          </Button>
        ) : null}
        <Button asChild variant="ghost">
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Button>
      </Stack>
    );
  }

  const field = (name: 'name' | 'namePersonal' | 'email' | 'password', type = 'text', autoComplete?: string) => (
    <Field.Root invalid={!!errors[name]} required>
      <Field.Label>
        {t(`form.${name}`)}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input type={type} autoComplete={autoComplete} {...register(name)} />
      <Field.ErrorText>{translateMessage(errors[name]?.message)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate data-testid="signup-form">
      <Stack gap="4">
        {field('name', 'text', 'organization')}
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" alignItems="start">
          <Field.Root invalid={!!errors.vat} required>
            <Field.Label>
              {t('form.vat')}
              <Field.RequiredIndicator />
            </Field.Label>
            <MaskedInput mask={CNPJ_MASK} placeholder="00.000.000/0000-00" inputMode="text" {...register('vat')} />
            <Field.ErrorText>{translateMessage(errors.vat?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.phone} required>
            <Field.Label>
              {t('form.phone')}
              <Field.RequiredIndicator />
            </Field.Label>
            <MaskedInput
              mask={PHONE_MASK}
              placeholder="99 99999-9999"
              type="tel"
              autoComplete="tel-national"
              {...register('phone')}
            />
            <Field.ErrorText>{translateMessage(errors.phone?.message)}</Field.ErrorText>
          </Field.Root>
        </Grid>
        {field('namePersonal', 'text', 'name')}
        {field('email', 'email', 'email')}
        {field('password', 'password', 'new-password')}
        <Field.Root invalid={!!errors.planId} required>
          {plans.isPending ? (
            <LoadingState minH="24" />
          ) : plans.isError ? (
            <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
          ) : plans.data.length === 0 ? (
            <Text color="fg.muted">{t('form.noPlans')}</Text>
          ) : (
            <Controller
              control={control}
              name="planId"
              render={({ field: planField }) => (
                <PlanChoice
                  plans={plans.data}
                  value={planField.value}
                  onChange={planField.onChange}
                  invalid={!!errors.planId}
                />
              )}
            />
          )}
          <Field.ErrorText>{translateMessage(errors.planId?.message)}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="terms"
          render={({ field: termsField }) => (
            <Checkbox.Root
              checked={termsField.value}
              onCheckedChange={({ checked }) => termsField.onChange(checked === true)}
              colorPalette="brand"
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput name={termsField.name} onBlur={termsField.onBlur} />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="normal">{t('form.terms')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Button type="submit" size="lg" loading={isSubmitting} disabled={!terms} data-testid="signup-submit">
          {t('form.submit')}
        </Button>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          {t('haveAccount')}{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">{t('loginLink')}</RouterLink>
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
