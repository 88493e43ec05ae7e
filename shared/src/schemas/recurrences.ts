/**
 * A company's billing recurrence (spec part 2 §4), apart from the company schemas: the invoice job
 * advances due dates with it and validates nothing.
 */
export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
/** '+ Vencimento' and a paid invoice advance the due date by the recurrence (spec part 2 §4). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};
