import type { CheckoutInput, InvoiceDto, PlanDto } from '@atende/shared';

export type CheckoutFormValues = CheckoutInput;
export type CheckoutRecurrence = CheckoutInput['recurrence'];

/** Step 0 ("Dados") fields, validated before the wizard moves on. */
export const DATA_FIELDS = ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode', 'country'] as const;

export const checkoutDefaults = (invoice: InvoiceDto, planId: string): CheckoutFormValues => ({
  firstName: '',
  lastName: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'BR',
  planId,
  recurrence: 'MENSAL',
  invoiceId: invoice.id,
});

/** What the review shows: the invoice's own value unless the plan or the period changes (the API reprices then). */
export function checkoutPrice(
  invoice: InvoiceDto,
  plan: PlanDto | undefined,
  currentPlanId: string,
  recurrence: CheckoutRecurrence,
): number {
  if (!plan || (plan.id === currentPlanId && recurrence === 'MENSAL')) return invoice.value;
  return recurrence === 'ANUAL' ? plan.valueYearly : plan.value;
}
