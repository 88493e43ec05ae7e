import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminCompanyDto, CheckoutInput, InvoiceDto, InvoiceTotals, PlanDto } from '@atende/shared';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';

export type InvoiceStatusFilter = 'open' | 'paid' | 'all';
/** `own`: the company's invoices; `all`: every company's (super users). */
export type InvoiceScope = 'own' | 'all';

export interface InvoiceListFilters {
  scope: InvoiceScope;
  status: InvoiceStatusFilter;
  companyId: string;
}

export interface InvoicePage {
  invoices: InvoiceDto[];
  hasMore: boolean;
  cursor?: string;
  totals?: InvoiceTotals;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filters: InvoiceListFilters) => [...invoiceKeys.lists(), filters] as const,
  plans: () => [...invoiceKeys.all, 'publishedPlans'] as const,
  companies: () => [...invoiceKeys.all, 'companies'] as const,
};

interface PageParam {
  cursor?: string;
  pageNumber: number;
}

export const invoicesListQuery = (filters: InvoiceListFilters) =>
  infiniteQueryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ pageParam }) =>
      apiGet<InvoicePage>(filters.scope === 'all' ? '/invoices/listAll' : '/invoices/all', {
        status: filters.status,
        companyId: filters.scope === 'all' ? filters.companyId : undefined,
        cursor: pageParam.cursor,
        pageNumber: pageParam.pageNumber,
      }),
    initialPageParam: { pageNumber: 1 } as PageParam,
    getNextPageParam: (last, _all, previous): PageParam | undefined =>
      last.hasMore ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });

export const useInvoicesList = (filters: InvoiceListFilters) => useInfiniteQuery(invoicesListQuery(filters));

export const publishedPlansQuery = () =>
  queryOptions({
    queryKey: invoiceKeys.plans(),
    queryFn: () => apiGet<PlanDto[]>('/plans/allPublished'),
    staleTime: 60_000,
  });
export const usePublishedPlans = () => useQuery(publishedPlansQuery());

/** The company filter of the all-companies view (first page of the directory: super users only). */
export const useCompanyOptions = (enabled: boolean) =>
  useQuery({
    queryKey: invoiceKeys.companies(),
    queryFn: () => apiGet<{ companies: AdminCompanyDto[] }>('/companies').then((r) => r.companies),
    enabled,
    staleTime: 60_000,
  });

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoice: Pick<InvoiceDto, 'id' | 'companyId'>) =>
      apiDelete<void>(`/invoices/${encodeURIComponent(invoice.id)}`, undefined, { companyId: invoice.companyId }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.lists() }),
  });
}

export interface SubscriptionCharge {
  invoiceId: string;
  txid: string;
  qrcode: { qrcode: string };
  valor: { original: string };
}

export const useCheckout = () =>
  useMutation({ mutationFn: (input: CheckoutInput) => apiPost<SubscriptionCharge>('/subscription', input) });

/** Local mode: pays the invoice's Pix charge in the sandbox, as the bank's webhook would. */
export const useSimulatePayment = () =>
  useMutation({
    mutationFn: (invoiceId: string) =>
      apiPost<{ outcome: string }>(`/subscription/sandbox/${encodeURIComponent(invoiceId)}/pay`),
  });
