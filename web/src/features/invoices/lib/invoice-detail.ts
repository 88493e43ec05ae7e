import { formatDate } from '@/lib/format';

/**
 * An invoice's detail with its ISO dates shown as dates, by the one date formatter (issue 30 item 16):
 * the billing job writes 'MENSAL · 2026-11-30 → 2026-12-30', and the invoices already stored keep that
 * text. Here rather than in lib/format.ts, which the sign-in page loads (its first-load budget).
 */
export const invoiceDetail = (text: string | null | undefined): string =>
  (text ?? '').replace(/\b\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-][\d:]+)?)?\b/g, (iso) => formatDate(iso) || iso);
