import { Badge, Button, Dialog, Field, Grid, HStack, Input, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutSchema, type InvoiceDto, type PlanDto } from '@atende/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { MaskedInput } from '@/components/masked-input';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { ZIP_MASK } from '@/lib/masks';
import { notify } from '@/lib/toaster';
import { useCheckout, type SubscriptionCharge } from '../api/invoices';
import { checkoutDefaults, checkoutPrice, DATA_FIELDS, type CheckoutFormValues } from '../lib/checkout-form';
import { PixPayment } from './pix-payment';
import { INVOICES_NS } from '../i18n';

export interface CheckoutDialogProps {
  invoice: InvoiceDto | null;
  /** Upgrade mode: the plan step offers other plans. */
  upgrade: boolean;
  plans: PlanDto[];
  currentPlanId: string;
  onClose: () => void;
}

/** Spec part 2 §2 "Checkout dialog", §4 "Checkout flow": Dados → Personalizar → Revisar → Pix. */
export function CheckoutDialog({ invoice, ...rest }: CheckoutDialogProps) {
  const isPhone = useMediaQuery('(max-width: 479px)');
  return (
    <DialogShell
      open={!!invoice}
      onClose={rest.onClose}
      size={isPhone ? 'full' : 'lg'}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      {invoice ? <CheckoutWizard key={invoice.id} invoice={invoice} {...rest} /> : null}
    </DialogShell>
  );
}

const STEPS = ['data', 'customise', 'review'] as const;

function CheckoutWizard({
  invoice,
  upgrade,
  plans,
  currentPlanId,
  onClose,
}: Omit<CheckoutDialogProps, 'invoice'> & { invoice: InvoiceDto }) {
  const { t } = useTranslation(INVOICES_NS);
  const [step, setStep] = useState(0);
  const [charge, setCharge] = useState<SubscriptionCharge | null>(null);
  const checkout = useCheckout();
  const {
    register,
    handleSubmit,
    trigger,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutSchema) as unknown as Resolver<CheckoutFormValues>,
    defaultValues: checkoutDefaults(invoice, currentPlanId),
  });
  const planId = watch('planId');
  const recurrence = watch('recurrence');
  // A custom (unpublished) current plan is still payable as it is; it just is not on the public list.
  const offered = upgrade ? plans : plans.some((p) => p.id === currentPlanId) ? plans : [];
  const plan = plans.find((p) => p.id === planId);
  const price = checkoutPrice(invoice, plan, currentPlanId, recurrence);

  const next = async () => {
    if (step === 0 && !(await trigger([...DATA_FIELDS]))) return;
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const onSubmit = async (values: CheckoutFormValues) => {
    try {
      setCharge(await checkout.mutateAsync(values));
      notify.success(t('validation.saas.pixGenerated'));
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_PLAN_NOT_PUBLISHED')
        notify.warning(t('validation.saas.customPlanUpgrade'));
      else notify.error(error);
    }
  };

  const text = (name: 'firstName' | 'lastName' | 'address2' | 'city' | 'state', required = false) => (
    <Field.Root invalid={!!errors[name]} required={required}>
      <Field.Label>
        {t(`checkout.${name}`)}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input {...register(name)} />
      <Field.ErrorText>{translateMessage(errors[name]?.message)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{charge ? t('pix.title') : upgrade ? t('checkout.upgradeTitle') : t('checkout.title')}</Dialog.Title>
      </Dialog.Header>
      {charge ? (
        <>
          <Dialog.Body>
            <PixPayment charge={charge} />
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Dialog.Footer>
        </>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate style={{ display: 'contents' }} data-testid="checkout-form">
          <Dialog.Body>
            <Stack gap="5">
              <HStack gap="2" aria-label={t('checkout.progress')} data-testid="checkout-steps">
                {STEPS.map((name, index) => (
                  <HStack
                    key={name}
                    gap="2"
                    flex={index < STEPS.length - 1 ? '1' : undefined}
                    aria-current={index === step ? 'step' : undefined}
                  >
                    <Badge
                      variant={index <= step ? 'solid' : 'outline'}
                      colorPalette={index <= step ? 'brand' : 'gray'}
                      borderRadius="full"
                      minW="6"
                      justifyContent="center"
                    >
                      {index + 1}
                    </Badge>
                    <Text
                      fontSize="sm"
                      fontWeight={index === step ? 'semibold' : 'normal'}
                      color={index === step ? 'fg' : 'fg.muted'}
                    >
                      {t(`checkout.steps.${name}`)}
                    </Text>
                    {index < STEPS.length - 1 ? <Separator flex="1" /> : null}
                  </HStack>
                ))}
              </HStack>
              {step === 0 ? (
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" alignItems="start">
                  {text('firstName', true)}
                  {text('lastName')}
                  <Stack gridColumn={{ sm: 'span 2' }}>{text('address2', true)}</Stack>
                  {text('city', true)}
                  {text('state')}
                  <Field.Root invalid={!!errors.zipcode} required>
                    <Field.Label>
                      {t('checkout.zipcode')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <MaskedInput mask={ZIP_MASK} placeholder="00000-000" inputMode="numeric" {...register('zipcode')} />
                    <Field.ErrorText>{translateMessage(errors.zipcode?.message)}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.country} required>
                    <Field.Label>
                      {t('checkout.country')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('country')}>
                        <option value="BR">{t('checkout.countries.BR')}</option>
                        <option value="usa">{t('checkout.countries.usa')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{translateMessage(errors.country?.message)}</Field.ErrorText>
                  </Field.Root>
                </Grid>
              ) : step === 1 ? (
                <Stack gap="3" data-testid="checkout-plans">
                  <Field.Root>
                    <Field.Label>{t('checkout.recurrence')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register('recurrence')}>
                        <option value="MENSAL">{t('checkout.recurrences.MENSAL')}</option>
                        <option value="ANUAL">{t('checkout.recurrences.ANUAL')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {offered.length === 0 ? (
                    <Text color="fg.muted">{t('checkout.currentPlanOnly')}</Text>
                  ) : (
                    offered.map((option) => (
                      <Button
                        key={option.id}
                        variant={option.id === planId ? 'solid' : 'outline'}
                        justifyContent="space-between"
                        h="auto"
                        py="3"
                        whiteSpace="normal"
                        textAlign="start"
                        onClick={() => {
                          // Spec part 2 §4: choosing a plan advances.
                          setValue('planId', option.id);
                          setStep(2);
                        }}
                        data-testid={`checkout-plan-${option.id}`}
                      >
                        <Stack gap="0">
                          <Text fontWeight="semibold">{option.name}</Text>
                          <Text fontSize="xs" opacity={0.8}>
                            {t('checkout.planLimits', {
                              users: option.users,
                              connections: option.connections,
                              queues: option.queues,
                            })}
                          </Text>
                        </Stack>
                        <Text fontWeight="semibold">
                          {formatMoney(recurrence === 'ANUAL' ? option.valueYearly : option.value)}
                        </Text>
                      </Button>
                    ))
                  )}
                </Stack>
              ) : (
                <Stack gap="2" data-testid="checkout-review" fontSize="sm">
                  <Row label={t('checkout.invoice')} value={invoice.description} />
                  <Row label={t('checkout.plan')} value={plan?.name ?? t('checkout.currentPlan')} />
                  <Row label={t('checkout.recurrence')} value={t(`checkout.recurrences.${recurrence}`)} />
                  <Row label={t('checkout.payer')} value={`${watch('firstName')} ${watch('lastName')}`.trim()} />
                  <Row
                    label={t('checkout.address')}
                    value={`${watch('address2')}, ${watch('city')} ${watch('state')} ${watch('zipcode')}`}
                  />
                  <Row label={t('checkout.total')} value={formatMoney(price)} strong />
                </Stack>
              )}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            {step > 0 ? (
              <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={isSubmitting}>
                {t('checkout.back')}
              </Button>
            ) : (
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
            )}
            {/* Distinct keys: React must not turn the clicked "next" button into the submit button
                (same DOM node, type changed mid-click), which submitted the review step unseen. */}
            {step < STEPS.length - 1 ? (
              <Button key="next" type="button" onClick={() => void next()} data-testid="checkout-next">
                {t('checkout.next')}
              </Button>
            ) : (
              <Button key="pay" type="submit" loading={isSubmitting} data-testid="checkout-pay">
                {t('checkout.pay')}
              </Button>
            )}
          </Dialog.Footer>
        </form>
      )}
    </>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Grid templateColumns="8rem 1fr" gap="2" py="1" borderBottomWidth="1px" borderColor="border.muted">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight={strong ? 'bold' : 'normal'} fontSize={strong ? 'md' : 'sm'} wordBreak="break-word">
        {value}
      </Text>
    </Grid>
  );
}
