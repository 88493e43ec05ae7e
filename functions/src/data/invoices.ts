/**
 * Invoices (spec part 2 §3 "Invoice", §4): one per company and billing period, never two — the
 * period lock is written in the same transaction as the invoice. Totals for the super users' view
 * are counters moved in the same transactions (no sum over every invoice at read time).
 *
 *   invoice       PK = C#<cid>#INVOICE            SK = <invoiceId>    GSI1PK = P#INVOICES  GSI1SK = <dueDate>#<cid>#<invoiceId>
 *   period lock   PK = C#<cid>#INVOICEPERIOD      SK = <dueDate>      { invoiceId }
 *   txid lookup   PK = P#PIXTXID#<txid>           SK = TXID           { companyId, invoiceId }
 *   totals        PK = C#<cid>#COUNTER            SK = INVOICES       { pending, paid }  (and P#INVOICESTATS / TOTALS for all companies)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InvoiceDto, InvoiceStatus, InvoiceTotals } from '@atende/shared';
import { ddb, tableName } from './client';
import { platformPk, tenantPk } from './keys';
import { transactWrite, type LabelledItem } from './transactions';
import { partitionQuery, queryPage } from './table-operations';

/** The invoice plus, after an upgrade at checkout, the plan and recurrence its payment switches to. */
export type InvoiceRecord = InvoiceDto & { upgradePlanId?: string; upgradeRecurrence?: string };

const invoiceKey = (companyId: string, invoiceId: string) => ({ PK: tenantPk(companyId, 'INVOICE'), SK: invoiceId });
const periodKey = (companyId: string, dueDate: string) => ({ PK: tenantPk(companyId, 'INVOICEPERIOD'), SK: dueDate });
const txidKey = (txid: string) => ({ PK: platformPk('PIXTXID', txid), SK: 'TXID' });
const companyTotalsKey = (companyId: string) => ({ PK: tenantPk(companyId, 'COUNTER'), SK: 'INVOICES' });
const platformTotalsKey = { PK: platformPk('INVOICESTATS'), SK: 'TOTALS' };
const ALL_INVOICES = platformPk('INVOICES');

/** Cents, so counters never drift by floating-point sums. */
const cents = (value: number) => Math.round(value * 100);

function totalsMove(pendingCents: number, paidCents: number, companyId: string): LabelledItem[] {
  const update = (Key: Record<string, string>, label: string): LabelledItem => ({
    label,
    item: {
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD pending :p, paid :d',
        ExpressionAttributeValues: { ':p': pendingCents, ':d': paidCents },
      },
    },
  });
  return [update(companyTotalsKey(companyId), 'companyTotals'), update(platformTotalsKey, 'platformTotals')];
}

/** Creates the period's invoice; throws TransactionConditionFailed('period') when it exists already. */
export async function insertInvoice(invoice: InvoiceRecord): Promise<void> {
  await transactWrite([
    {
      label: 'period',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...periodKey(invoice.companyId, invoice.dueDate), invoiceId: invoice.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    {
      label: 'invoice',
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...invoiceKey(invoice.companyId, invoice.id),
            GSI1PK: ALL_INVOICES,
            GSI1SK: `${invoice.dueDate}#${invoice.companyId}#${invoice.id}`,
            ...invoice,
          },
        },
      },
    },
    ...totalsMove(cents(invoice.value), 0, invoice.companyId),
  ]);
}

/** AP-INV1: invoice by company and id. */
export async function getInvoice(companyId: string, invoiceId: string): Promise<InvoiceRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: invoiceKey(companyId, invoiceId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-INV2: invoice of a company's billing period (the job's idempotency check). */
export async function findInvoiceIdForPeriod(companyId: string, dueDate: string): Promise<string | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: periodKey(companyId, dueDate), ConsistentRead: true }),
  );
  return out.Item?.invoiceId as string | undefined;
}

export interface InvoicePage {
  invoices: InvoiceRecord[];
  nextCursor?: Record<string, unknown>;
}

/** AP-INV3: a page of one company's invoices, newest first, optionally by status. */
export async function queryCompanyInvoices(
  companyId: string,
  status: InvoiceStatus | 'all',
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<InvoicePage> {
  return invoicePage({ attribute: 'PK', value: invoiceKey(companyId, '').PK }, status, limit, startKey);
}

/** AP-INV4: a page of every company's invoices by due date, newest first (super users). */
export async function queryAllInvoices(
  status: InvoiceStatus | 'all',
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<InvoicePage> {
  return invoicePage({ attribute: 'GSI1PK', value: ALL_INVOICES, index: 'GSI1' }, status, limit, startKey);
}

async function invoicePage(
  partition: Parameters<typeof partitionQuery>[0],
  status: InvoiceStatus | 'all',
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<InvoicePage> {
  const where = status === 'all' ? undefined : { status };
  const { items, next } = await queryPage(partitionQuery(partition, { newestFirst: true, where }), {
    limit,
    after: startKey,
  });
  return { invoices: items.map(fromItem), nextCursor: next };
}

/**
 * The platform totals' share of a deleted company, as a transaction item that takes it out
 * (the company's own counter goes with its partition).
 */
export async function platformTotalsWithout(companyId: string): Promise<LabelledItem> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: companyTotalsKey(companyId), ConsistentRead: true }),
  );
  return {
    label: 'platformTotals',
    item: {
      Update: {
        TableName: tableName(),
        Key: platformTotalsKey,
        UpdateExpression: 'ADD pending :p, paid :d',
        ExpressionAttributeValues: { ':p': -Number(out.Item?.pending ?? 0), ':d': -Number(out.Item?.paid ?? 0) },
      },
    },
  };
}

/** AP-INV5: pending/paid totals of one company, or of the platform. */
export async function getInvoiceTotals(companyId?: string): Promise<InvoiceTotals> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: companyId ? companyTotalsKey(companyId) : platformTotalsKey }),
  );
  const pending = Number(out.Item?.pending ?? 0) / 100;
  const paid = Number(out.Item?.paid ?? 0) / 100;
  return { pending, paid, total: Math.round((pending + paid) * 100) / 100 };
}

/** Records the charge's txid on the invoice and the txid → invoice lookup the webhook uses. */
export async function attachCharge(companyId: string, invoiceId: string, txid: string): Promise<void> {
  await transactWrite([
    {
      label: 'invoice',
      item: {
        Update: {
          TableName: tableName(),
          Key: invoiceKey(companyId, invoiceId),
          UpdateExpression: 'SET txid = :t',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':t': txid },
        },
      },
    },
    { label: 'txid', item: { Put: { TableName: tableName(), Item: { ...txidKey(txid), companyId, invoiceId } } } },
  ]);
}

/** AP-INV6: the invoice a Pix txid pays. */
export async function findInvoiceByTxid(txid: string): Promise<{ companyId: string; invoiceId: string } | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: txidKey(txid), ConsistentRead: true }));
  return out.Item ? { companyId: String(out.Item.companyId), invoiceId: String(out.Item.invoiceId) } : undefined;
}

/**
 * Marks the invoice paid and applies `also` (the company's new due date) in one transaction, only
 * while it is still open: a replayed notification fails the 'open' condition and changes nothing.
 */
export async function markInvoicePaid(invoice: InvoiceRecord, paidAt: string, also: LabelledItem[]): Promise<boolean> {
  try {
    await transactWrite([
      {
        label: 'open',
        item: {
          Update: {
            TableName: tableName(),
            Key: invoiceKey(invoice.companyId, invoice.id),
            UpdateExpression: 'SET #status = :paid, paidAt = :at',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':paid': 'paid', ':open': 'open', ':at': paidAt },
          },
        },
      },
      ...totalsMove(-cents(invoice.value), cents(invoice.value), invoice.companyId),
      ...also,
    ]);
    return true;
  } catch (err) {
    if ((err as { has?: (l: string) => boolean }).has?.('open')) return false;
    throw err;
  }
}

/**
 * A plan upgrade at checkout: the open invoice takes the new plan's price, and remembers the plan and
 * recurrence that its payment switches the company to.
 */
export async function repriceInvoice(
  invoice: InvoiceRecord,
  value: number,
  planId: string,
  recurrence: string,
): Promise<void> {
  await transactWrite([
    {
      label: 'open',
      item: {
        Update: {
          TableName: tableName(),
          Key: invoiceKey(invoice.companyId, invoice.id),
          UpdateExpression: 'SET #value = :v, upgradePlanId = :p, upgradeRecurrence = :r',
          ConditionExpression: '#status = :open AND #value = :old',
          ExpressionAttributeNames: { '#value': 'value', '#status': 'status' },
          ExpressionAttributeValues: { ':v': value, ':p': planId, ':r': recurrence, ':open': 'open', ':old': invoice.value },
        },
      },
    },
    ...totalsMove(cents(value) - cents(invoice.value), 0, invoice.companyId),
  ]);
}

export async function deleteInvoice(invoice: InvoiceRecord): Promise<void> {
  const open = invoice.status === 'open';
  await transactWrite([
    {
      label: 'invoice',
      item: {
        Delete: {
          TableName: tableName(),
          Key: invoiceKey(invoice.companyId, invoice.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    },
    { label: 'period', item: { Delete: { TableName: tableName(), Key: periodKey(invoice.companyId, invoice.dueDate) } } },
    ...totalsMove(open ? -cents(invoice.value) : 0, open ? 0 : -cents(invoice.value), invoice.companyId),
  ]);
}

function fromItem(item: Record<string, unknown>): InvoiceRecord {
  const {
    id,
    companyId,
    companyName,
    description,
    detail,
    value,
    dueDate,
    status,
    txid,
    paidAt,
    createdAt,
    upgradePlanId,
    upgradeRecurrence,
  } = item as unknown as InvoiceRecord;
  return {
    id,
    companyId,
    companyName,
    description,
    detail,
    value: Number(value),
    dueDate,
    status,
    txid: txid ?? null,
    paidAt: paidAt ?? null,
    createdAt,
    ...(upgradePlanId ? { upgradePlanId, upgradeRecurrence } : {}),
  };
}
