/**
 * Dates are shown dd/MM/yyyy in every language (spec part 1 §9). Plain code, not date-fns: this runs
 * on the sign-in page, whose first load has a budget (decisions.md "Web console: first load").
 * A date-only value ('2026-05-01') is a calendar day, read in local time (not UTC midnight).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const dateOnly = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : typeof value === 'string'
      ? new Date(value)
      : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** Prices are in reais whatever the language (the platform bills in BRL): 'R$ 1.234,50'. */
export function formatMoney(value: number | null | undefined): string {
  return BRL.format(value ?? 0);
}

/** HH:mm in local time (plain code: the tickets list runs it on the first load, issue 28). */
export function formatTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy HH:mm in local time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${formatTime(date)}`;
}
