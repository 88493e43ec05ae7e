import { Box, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { InvoiceDto } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleArrowUp, LuReceipt } from 'react-icons/lu';
import { ChoiceGroup } from '@/components/choice-group';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useLoadMore } from '@/hooks/use-load-more';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import {
  useCompanyOptions,
  useDeleteInvoice,
  useInvoicesList,
  usePublishedPlans,
  type InvoiceScope,
  type InvoiceStatusFilter,
} from '../api/invoices';
import { usePaymentEvents } from '../hooks/use-payment-events';
import { upgradeInvoice } from '../lib/invoice-status';
import { CheckoutDialog } from './checkout-dialog';
import { InvoicesTable } from './invoices-table';
import { INVOICES_NS } from '../i18n';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';

const STATUSES: InvoiceStatusFilter[] = ['all', 'open', 'paid'];

/** /invoices (spec part 2 §2 "Invoices screen"): admins pay theirs; super users also see every company's. */
export function InvoicesPage() {
  const { t } = useTranslation(INVOICES_NS);
  const { isSuper, company } = useSession();
  const [status, setStatus] = useState<InvoiceStatusFilter>('all');
  const [scope, setScope] = useState<InvoiceScope>('own');
  const [companyId, setCompanyId] = useState('');
  const [checkout, setCheckout] = useState<{ invoice: InvoiceDto; upgrade: boolean } | null>(null);
  const [lastUpgrade, setLastUpgrade] = useState(false);
  const allCompanies = isSuper && scope === 'all';

  const list = useInvoicesList({ scope: allCompanies ? 'all' : 'own', status, companyId: allCompanies ? companyId : '' });
  const plans = usePublishedPlans();
  const companies = useCompanyOptions(allCompanies);
  const deleteInvoice = useDeleteInvoice();
  const deletion = useDeleteConfirmation({
    remove: (invoice: InvoiceDto) => deleteInvoice.mutateAsync(invoice),
    pending: deleteInvoice.isPending,
    done: t('delete.done'),
  });
  const sentinel = useLoadMore(list);
  usePaymentEvents({ upgrade: lastUpgrade, onPaid: () => setCheckout(null) });

  const invoices = list.data?.pages.flatMap((page) => page.invoices) ?? [];
  const totals = list.data?.pages[0]?.totals;
  const currentPlanId = company?.planId ?? '';
  const currentPlanPublished = plans.data?.some((plan) => plan.id === currentPlanId) ?? true;

  const openCheckout = (invoice: InvoiceDto, upgrade: boolean) => {
    setLastUpgrade(upgrade);
    setCheckout({ invoice, upgrade });
  };

  const startUpgrade = () => {
    // Spec part 2 §4: a custom (unpublished) plan cannot be upgraded here.
    if (!currentPlanPublished) {
      notify.warning(t('validation.saas.customPlanUpgrade'));
      return;
    }
    const invoice = upgradeInvoice(invoices);
    if (!invoice) {
      notify.info(t('upgradeNeedsInvoice'));
      return;
    }
    openCheckout(invoice, true);
  };

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (invoices.length === 0) content = <EmptyState title={t('empty')} icon={<LuReceipt />} />;
  else
    content = (
      <Stack gap="2">
        <InvoicesTable
          invoices={invoices}
          allCompanies={allCompanies}
          totals={totals}
          onPay={(invoice) => openCheckout(invoice, false)}
          onDelete={deletion.ask}
        />
        <Box ref={sentinel} h="1px" />
        {list.isFetchingNextPage ? <LoadingState minH="12" /> : null}
      </Stack>
    );

  return (
    <Stack gap="5">
      <PageHeader
        title={t('title')}
        actions={
          !allCompanies ? (
            <Button onClick={startUpgrade} variant="outline" data-testid="invoice-upgrade">
              <LuCircleArrowUp />
              {t('upgrade')}
            </Button>
          ) : null
        }
      />
      <HStack gap="3" wrap="wrap">
        <ChoiceGroup
          value={status}
          onChange={setStatus}
          options={STATUSES.map((value) => ({ value, label: t(`filter.${value}`) }))}
          testIdPrefix="status-filter"
        />
        {isSuper ? (
          <ChoiceGroup
            value={scope}
            onChange={setScope}
            options={(['own', 'all'] as const).map((value) => ({ value, label: t(`scope.${value}`) }))}
            testIdPrefix="scope"
          />
        ) : null}
        {allCompanies ? (
          <NativeSelect.Root size="sm" maxW={{ base: 'full', sm: '64' }}>
            <NativeSelect.Field
              value={companyId}
              onChange={(e) => setCompanyId(e.currentTarget.value)}
              aria-label={t('table.company')}
              data-testid="company-filter"
            >
              <option value="">{t('allCompanies')}</option>
              {(companies.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
      </HStack>
      {content}
      <CheckoutDialog
        invoice={checkout?.invoice ?? null}
        upgrade={checkout?.upgrade ?? false}
        plans={plans.data ?? []}
        currentPlanId={currentPlanId}
        onClose={() => setCheckout(null)}
      />
      <ConfirmDialog {...deletion.dialog} title={t('delete.title')} destructive confirmLabel={t('common.delete')}>
        <Text color="fg.muted">
          {t('delete.text', {
            description: deletion.target?.description ?? '',
            company: deletion.target?.companyName ?? '',
          })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
