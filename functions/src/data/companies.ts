/**
 * Company entity (spec part 1 §3, part 2 §3) plus the two platform items that index it.
 *
 *   company      PK = C#<cid>#COMPANY           SK = COMPANY
 *   directory    PK = P#COMPANIES               SK = <cid>        (super users' company list)
 *   name lock    PK = P#COMPANYNAME#<name>      SK = NAME         (unique company name, ERR_COMPANY_NAME_ALREADY_EXISTS)
 *   platform     PK = P#PLATFORM                SK = COMPANY      { companyId } (the platform company; written with it)
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Recurrence, ScheduleEntry } from '@atende/shared';
import { ddb, tableName } from './client';
import { platformPk, tenantPk } from './keys';
import { batchGet, queryPage } from './table-operations';
import { transactWrite, type LabelledItem } from './transactions';

export interface Company {
  id: string;
  name: string;
  email: string;
  /** true = active (spec: "status (boolean, true is active)"). */
  status: boolean;
  /** ISO date or date-time; null = no subscription due date (the platform company). */
  dueDate: string | null;
  trialExpiration: string | null;
  planId: string;
  /** The company the super users belong to: exempt from subscription rules. */
  isPlatform: boolean;
  /** Billing recurrence (spec part 2 §3); absent on companies created before billing: MENSAL. */
  recurrence?: Recurrence;
  /** IANA time zone for business hours and reports; absent: DEFAULT_TIME_ZONE. */
  timeZone?: string;
  /** Business hours (Settings → Hours, scheduleType 'company'); absent: DEFAULT_COMPANY_SCHEDULES. */
  schedules?: ScheduleEntry[];
  /** CPF or CNPJ without the mask; phone as typed (companies tab, sign-up). */
  vat?: string;
  phone?: string;
  isResale?: boolean;
  /** The reseller company this one belongs to (a company flagged isResale). */
  clientOf?: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when a super user deleted it: the purge job is erasing its data. */
  deletedAt?: string;
}

const companyKey = (companyId: string) => ({ PK: tenantPk(companyId, 'COMPANY'), SK: 'COMPANY' });
const directoryKey = (companyId: string) => ({ PK: platformPk('COMPANIES'), SK: companyId });
/** The one platform company (super users, platform settings such as the payment gateway). */
const platformPointerKey = { PK: platformPk('PLATFORM'), SK: 'COMPANY' };
const nameLockKey = (name: string) => ({ PK: platformPk('COMPANYNAME', normaliseCompanyName(name)), SK: 'NAME' });

/** Names compare case- and space-insensitively for uniqueness. */
export const normaliseCompanyName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** AP-C1: company by id. */
export async function getCompany(companyId: string): Promise<Company | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: companyKey(companyId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, ...company } = out.Item;
  return company as Company;
}

/** AP-C3: companies by id (BatchGetItem); unknown ids are skipped, order is not kept. */
export async function getCompanies(companyIds: string[]): Promise<Company[]> {
  const items = await batchGet([...new Set(companyIds)].map(companyKey));
  return items.map(({ PK: _pk, SK: _sk, ...company }) => company as unknown as Company);
}

/** AP-C2: company id by (normalised) name, through the name lock. */
export async function findCompanyIdByName(name: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: nameLockKey(name), ConsistentRead: true }));
  return out.Item?.companyId as string | undefined;
}

/**
 * Creates the company, its directory entry and its name lock in one transaction.
 * Throws TransactionConditionFailed with label `name` when the name is taken.
 */
export async function insertCompany(company: Company): Promise<void> {
  await transactWrite([
    companyPut(company, 'attribute_not_exists(PK)'),
    directoryPut(company),
    nameLockPut(company),
    ...(company.isPlatform
      ? [
          {
            label: 'platform',
            item: {
              Put: {
                TableName: tableName(),
                Item: { ...platformPointerKey, companyId: company.id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          },
        ]
      : []),
  ]);
}

/** The company item, on a condition (a new one, or one that exists). */
const companyPut = (company: Company, condition: string): LabelledItem => ({
  label: 'company',
  item: { Put: { TableName: tableName(), Item: { ...companyKey(company.id), ...company }, ConditionExpression: condition } },
});
/** The directory entry follows the company's name. */
const directoryPut = (company: Company): LabelledItem => ({
  label: 'directory',
  item: {
    Put: { TableName: tableName(), Item: { ...directoryKey(company.id), companyId: company.id, name: company.name } },
  },
});
/** The name lock: fails (`name`) when another company holds the name. */
const nameLockPut = (company: Company): LabelledItem => ({
  label: 'name',
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...nameLockKey(company.name), companyId: company.id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/**
 * The transaction item that moves a company's due date (a paid invoice), optionally switching its
 * plan and recurrence (a paid upgrade). Conditional on the due date it had, so two payments cannot both extend it
 * from the same base.
 */
export function companyDueDateUpdate(
  companyId: string,
  from: string | null,
  to: string,
  switchTo?: { planId: string; recurrence: string },
): LabelledItem {
  return {
    label: 'companyDueDate',
    item: {
      Update: {
        TableName: tableName(),
        Key: companyKey(companyId),
        UpdateExpression: `SET dueDate = :to, updatedAt = :now${switchTo ? ', planId = :plan, recurrence = :rec' : ''}`,
        ConditionExpression: from === null ? 'attribute_not_exists(dueDate) OR dueDate = :null' : 'dueDate = :from',
        ExpressionAttributeValues: {
          ':to': to,
          ':now': new Date().toISOString(),
          ...(from === null ? { ':null': null } : { ':from': from }),
          ...(switchTo ? { ':plan': switchTo.planId, ':rec': switchTo.recurrence } : {}),
        },
      },
    },
  };
}

/** AP-C3: the platform company's id (its settings hold the payment gateway and e-mail API). */
export async function getPlatformCompanyId(): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: platformPointerKey }));
  if (out.Item) return String(out.Item.companyId);
  // Platforms seeded before the pointer existed: the seed marker knows it.
  const seed = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: platformPk('SEED'), SK: 'SEED' } }));
  return seed.Item?.platformCompanyId as string | undefined;
}

/**
 * Replaces a company's fields (Companies tab). A new name swaps the name lock in the same
 * transaction (ERR_COMPANY_NAME_ALREADY_EXISTS on `name`); the directory entry follows the name.
 */
export async function replaceCompany(company: Company, previousName: string): Promise<void> {
  const renamed = normaliseCompanyName(company.name) !== normaliseCompanyName(previousName);
  await transactWrite([
    companyPut(company, 'attribute_exists(PK)'),
    directoryPut(company),
    ...(renamed
      ? [
          nameLockPut(company),
          { label: 'oldName', item: { Delete: { TableName: tableName(), Key: nameLockKey(previousName) } } },
        ]
      : []),
  ]);
}

/**
 * The first step of deleting a company: it stops being active (sign-in and refresh refuse it) and
 * leaves the directory, and its name is free again; the purge job erases the rest.
 */
export async function retireCompany(company: Company, now = new Date()): Promise<void> {
  await transactWrite([
    {
      label: 'company',
      item: {
        Update: {
          TableName: tableName(),
          Key: companyKey(company.id),
          UpdateExpression: 'SET #status = :false, deletedAt = :now, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':false': false, ':now': now.toISOString() },
        },
      },
    },
    { label: 'directory', item: { Delete: { TableName: tableName(), Key: directoryKey(company.id) } } },
    { label: 'name', item: { Delete: { TableName: tableName(), Key: nameLockKey(company.name) } } },
  ]);
}

/** AP-C4: a page of the company directory (super users' Companies tab). */
export async function queryCompanyDirectory(limit: number, startKey?: Record<string, unknown>) {
  const out = await queryPage(
    { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': directoryKey('').PK } },
    { limit, after: startKey },
  );
  return { companyIds: out.items.map((i) => String(i.companyId)), nextCursor: out.next };
}

/**
 * The company's business hours and, when given, the time zone they are read in (`PUT
 * /companies/{id}/schedules`). An update of these attributes only, so it never undoes a concurrent
 * edit of the rest of the company. Answers the company after the write; undefined if it does not exist.
 */
export async function setCompanySchedules(
  companyId: string,
  schedules: ScheduleEntry[],
  timeZone: string | undefined,
): Promise<Company | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: companyKey(companyId),
        UpdateExpression: `SET #schedules = :schedules, updatedAt = :now${timeZone ? ', #tz = :tz' : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#schedules': 'schedules', ...(timeZone ? { '#tz': 'timeZone' } : {}) },
        ExpressionAttributeValues: {
          ':schedules': schedules,
          ':now': new Date().toISOString(),
          ...(timeZone ? { ':tz': timeZone } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { PK: _pk, SK: _sk, ...company } = out.Attributes ?? {};
    return company as Company;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}
