import { describe, expect, it } from 'vitest';
import { invoiceDetail } from '@/features/invoices/lib/invoice-detail';
import { formatDate } from '@/lib/format';

describe("an invoice's detail (issue 30 item 16)", () => {
  it('shows its ISO dates as dates, and leaves the rest alone', () => {
    expect(invoiceDetail('MENSAL · 2026-11-30 → 2026-12-30')).toBe('MENSAL · 30/11/2026 → 30/12/2026');
    const local = new Date(2026, 10, 30, 12, 0);
    expect(invoiceDetail(`pago em ${local.toISOString()}`)).toBe(`pago em ${formatDate(local)}`);
    expect(invoiceDetail('PLANO PADRÃO')).toBe('PLANO PADRÃO');
    expect(invoiceDetail('pedido 12026-11-300')).toBe('pedido 12026-11-300');
    expect(invoiceDetail(null)).toBe('');
  });
});
