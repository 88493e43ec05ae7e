/**
 * Sign-up leads (spec part 1 §3 "Lead", §4 "Lead (sign-up)"): a company that asked to exist and
 * waits for its e-mail confirmation. Platform-level: no company exists yet.
 *
 *   lead         PK = P#LEAD#<leadId>            SK = LEAD   GSI1PK = P#LEADS  GSI1SK = <createdAt>#<leadId>
 *                { name, vat, namePersonal, email, phone, passwordHash, planId, status (-1 | 0 | 1), companyId,
 *                  activation: { companyId, adminUserId, dueDate, done: { company?, invoice?, admin? } } }
 *   e-mail lock  PK = P#LEADEMAIL#<email>        SK = LEAD   { leadId }
 *   token        PK = P#SIGNUPTOKEN#<sha256>     SK = TOKEN  { leadId, validUntil }  TTL expiresAt (validity + 7 days)
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { queryPage } from './table-operations';
import { isConditionFailed, transactWrite, TransactionConditionFailed, type LabelledItem } from './transactions';

export type LeadStatus = -1 | 0 | 1;

export interface Lead {
  id: string;
  name: string;
  vat: string;
  namePersonal: string;
  email: string;
  phone: string;
  passwordHash: string;
  planId: string;
  status: LeadStatus;
  /** Chosen when activation starts, so a retried activation creates the same company. */
  companyId: string | null;
  /** What activation chose when it started, and the steps it finished (resumable: a retry does the rest). */
  activation?: LeadActivation;
  createdAt: string;
}

export type ActivationStep = 'company' | 'invoice' | 'admin';

export interface LeadActivation {
  companyId: string;
  adminUserId: string;
  /** The company's first due date (the end of the trial). */
  dueDate: string;
  done: Partial<Record<ActivationStep, true>>;
}

const leadKey = (leadId: string) => ({ PK: platformPk('LEAD', leadId), SK: 'LEAD' });
const emailKey = (email: string) => ({ PK: platformPk('LEADEMAIL', email.toLowerCase()), SK: 'LEAD' });
const tokenKey = (token: string) => ({
  PK: platformPk('SIGNUPTOKEN', createHash('sha256').update(token).digest('base64url')),
  SK: 'TOKEN',
});
const LEADS = platformPk('LEADS');

/** Stores the lead and its e-mail lock; throws TransactionConditionFailed('email') when the e-mail waits already. */
export async function insertLead(lead: Lead): Promise<void> {
  await transactWrite([
    {
      label: 'lead',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...leadKey(lead.id), GSI1PK: LEADS, GSI1SK: `${lead.createdAt}#${lead.id}`, ...lead },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    {
      label: 'email',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...emailKey(lead.email), leadId: lead.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ]);
}

/** AP-L1: lead by id. */
export async function getLead(leadId: string): Promise<Lead | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: leadKey(leadId), ConsistentRead: true }));
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, ...lead } = out.Item;
  return lead as Lead;
}

/** AP-L2: the lead waiting with this e-mail. */
export async function findLeadIdByEmail(email: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }));
  return out.Item?.leadId as string | undefined;
}

/** AP-L3: a page of leads, newest first (super users' `GET /leads-web`). */
export async function queryLeads(limit: number, startKey?: Record<string, unknown>) {
  const out = await queryPage(
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': LEADS },
      ScanIndexForward: false,
    },
    { limit, after: startKey },
  );
  return { leads: out.items as unknown as Lead[], nextCursor: out.next };
}

/** Only the token's hash is stored: a leaked table does not activate anyone's account. */
export async function putSignupToken(token: string, leadId: string, validUntil: string, expiresAt: number): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...tokenKey(token), leadId, validUntil, expiresAt } }));
}

/** AP-L4: the lead a confirmation token belongs to, and until when it is valid. */
export async function findSignupToken(token: string): Promise<{ leadId: string; validUntil: string } | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: tokenKey(token), ConsistentRead: true }));
  return out.Item ? { leadId: String(out.Item.leadId), validUntil: String(out.Item.validUntil) } : undefined;
}

/**
 * Claims the lead for activation with what to create (the company and admin ids, the due date); a
 * second claim keeps the first one's choices, so every retry finishes the same activation.
 */
export async function claimLeadActivation(leadId: string, choice: Omit<LeadActivation, 'done'>): Promise<LeadActivation> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: leadKey(leadId),
        UpdateExpression: 'SET activation = :a, companyId = :c',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(activation)',
        ExpressionAttributeValues: { ':a': { ...choice, done: {} }, ':c': choice.companyId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes!.activation as LeadActivation;
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    return (await getLead(leadId))!.activation!;
  }
}

/**
 * Records that an activation step finished, in one transaction with `writes` (the step's own effect,
 * when it is one write): false when the step was already recorded (and then `writes` did not happen).
 */
export async function completeActivationStep(
  leadId: string,
  step: ActivationStep,
  writes: LabelledItem[] = [],
): Promise<boolean> {
  try {
    await transactWrite([
      ...writes,
      {
        label: 'step',
        item: {
          Update: {
            TableName: tableName(),
            Key: leadKey(leadId),
            UpdateExpression: 'SET activation.done.#step = :t',
            ConditionExpression: 'attribute_exists(activation) AND attribute_not_exists(activation.done.#step)',
            ExpressionAttributeNames: { '#step': step },
            ExpressionAttributeValues: { ':t': true },
          },
        },
      },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('step')) return false;
    throw err;
  }
}

export async function setLeadStatus(leadId: string, status: LeadStatus): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: leadKey(leadId),
      UpdateExpression: 'SET #status = :s',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );
}
