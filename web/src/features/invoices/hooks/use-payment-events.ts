import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '@/lib/format';
import { useRealtime } from '@/lib/realtime';
import { notify } from '@/lib/toaster';
import { invoiceKeys } from '../api/invoices';
import { INVOICES_NS } from '../i18n';

/** Spec part 2 §9: after a renewal the console goes to / after 4 s. */
export const RENEWAL_REDIRECT_MS = 4000;

/**
 * `company-<cid>-payment` CONCLUIDA (spec part 2 §4 "Checkout flow"): an additional charge (an
 * upgrade) is thanked; a renewal shows the new due date; then the console goes to / after 4 s.
 * The invoices list is refreshed either way.
 */
export function usePaymentEvents(options: { upgrade: boolean; onPaid?: () => void }): void {
  const { t } = useTranslation(INVOICES_NS);
  const client = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useRealtime('payment', (data) => {
    if (data.action !== 'CONCLUIDA') return;
    void client.invalidateQueries({ queryKey: invoiceKeys.lists() });
    if (latest.current.upgrade) notify.success(t('paid.thanks'));
    else notify.success(t('paid.renewed', { date: formatDate(data.dueDate) }));
    latest.current.onPaid?.();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/'), RENEWAL_REDIRECT_MS);
  });
}
