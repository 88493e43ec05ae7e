/**
 * Due dates move by the company's recurrence (spec part 2 §4 "Due-date extension": MENSAL 1 month,
 * BIMESTRAL 2, TRIMESTRAL 3, SEMESTRAL 6, ANUAL 12). date-fns clamps month ends (31 Jan + 1 month =
 * 28/29 Feb), as a billing calendar should.
 */
import { addMonths, formatISO, parseISO } from 'date-fns';
import { RECURRENCE_MONTHS, type Recurrence } from '@atende/shared';

/** `yyyy-mm-dd` of an ISO date or date-time. */
export const dateOnly = (isoDateOrTime: string): string => isoDateOrTime.slice(0, 10);

export function advanceDueDate(dueDate: string, recurrence: Recurrence = 'MENSAL'): string {
  return formatISO(addMonths(parseISO(dateOnly(dueDate)), RECURRENCE_MONTHS[recurrence]), { representation: 'date' });
}

/** What one period costs: the yearly price for ANUAL when the plan has one, else months × monthly. */
export function periodPrice(plan: { value: number; valueYearly: number }, recurrence: Recurrence = 'MENSAL'): number {
  if (recurrence === 'ANUAL' && plan.valueYearly > 0) return plan.valueYearly;
  return Math.round(plan.value * RECURRENCE_MONTHS[recurrence] * 100) / 100;
}
