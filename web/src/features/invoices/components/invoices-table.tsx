import { Badge, Button, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { invoiceDisplayStatus, type InvoiceDto, type InvoiceTotals } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuQrCode, LuTrash2 } from 'react-icons/lu';
import { formatDate, formatMoney } from '@/lib/format';
import { invoiceDetail } from '../lib/invoice-detail';
import { isPayable, STATUS_PALETTE } from '../lib/invoice-status';
import { INVOICES_NS } from '../i18n';

interface InvoicesTableProps {
  invoices: InvoiceDto[];
  allCompanies: boolean;
  totals?: InvoiceTotals;
  onPay: (invoice: InvoiceDto) => void;
  onDelete: (invoice: InvoiceDto) => void;
}

export function InvoiceStatusBadge({ invoice }: { invoice: Pick<InvoiceDto, 'status' | 'dueDate'> }) {
  const { t } = useTranslation(INVOICES_NS);
  const status = invoiceDisplayStatus(invoice);
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle" data-testid="invoice-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function InvoicesTable({ invoices, allCompanies, totals, onPay, onDelete }: InvoicesTableProps) {
  const { t } = useTranslation(INVOICES_NS);
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {allCompanies ? <Table.ColumnHeader>{t('table.company')}</Table.ColumnHeader> : null}
            <Table.ColumnHeader>{t('table.description')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.value')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.dueDate')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoices.map((invoice) => {
            const overdue = invoiceDisplayStatus(invoice) === 'overdue';
            return (
              <Table.Row
                key={invoice.id}
                bg={overdue ? { base: 'red.50', _dark: 'red.950' } : undefined}
                data-testid="invoice-row"
                data-overdue={overdue || undefined}
              >
                {allCompanies ? <Table.Cell>{invoice.companyName}</Table.Cell> : null}
                <Table.Cell minW="40">
                  <Stack gap="0">
                    <Text fontWeight="medium">{invoice.description}</Text>
                    {invoice.detail ? (
                      <Text fontSize="xs" color="fg.muted">
                        {invoiceDetail(invoice.detail)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatMoney(invoice.value)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(invoice.dueDate)}</Table.Cell>
                <Table.Cell>
                  <InvoiceStatusBadge invoice={invoice} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <HStack justify="flex-end" gap="1">
                    {!allCompanies && isPayable(invoice) ? (
                      <Button size="xs" onClick={() => onPay(invoice)} data-testid="invoice-pay">
                        <LuQrCode />
                        {t('pay')}
                      </Button>
                    ) : null}
                    {allCompanies ? (
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('delete.action')}
                        title={t('delete.action')}
                        onClick={() => onDelete(invoice)}
                        data-testid="invoice-delete"
                      >
                        <LuTrash2 />
                      </IconButton>
                    ) : null}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
        {allCompanies && totals ? (
          <Table.Footer>
            <Table.Row data-testid="invoice-totals">
              <Table.Cell colSpan={6}>
                <HStack gap={{ base: '3', md: '6' }} wrap="wrap" fontWeight="medium">
                  <Text>{t('totals.pending', { value: formatMoney(totals.pending) })}</Text>
                  <Text color="fg.success">{t('totals.paid', { value: formatMoney(totals.paid) })}</Text>
                  <Text>{t('totals.total', { value: formatMoney(totals.total) })}</Text>
                </HStack>
              </Table.Cell>
            </Table.Row>
          </Table.Footer>
        ) : null}
      </Table.Root>
    </Table.ScrollArea>
  );
}
