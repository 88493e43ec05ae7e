import { format, isValid, parseISO } from 'date-fns';

/** Dates are shown dd/MM/yyyy in every language (spec part 1 §9). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, 'dd/MM/yyyy') : '';
}
