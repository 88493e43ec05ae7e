/**
 * Sign-up leads (spec part 1 §3 "Lead", §4 "Lead (sign-up)"): a company that asked to exist and
 * waits for its e-mail confirmation. Platform-level: no company exists yet.
 *
 *   lead         PK = P#LEAD#<leadId>            SK = LEAD   GSI1PK = P#LEADS  GSI1SK = <createdAt>#<leadId>
 *                { name, vat, namePersonal, email, phone, passwordHash, planId, status (-1 | 0 | 1), companyId }
 *   e-mail lock  PK = P#LEADEMAIL#<email>        SK = LEAD   { leadId }
 *   token        PK = P#SIGNUPTOKEN#<sha256>     SK = TOKEN  { leadId, validUntil }  TTL expiresAt (validity + 7 days)
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { isConditionFailed, transactWrite } from './transactions';

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
  createdAt: string;
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
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': LEADS },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { leads: (out.Items ?? []) as Lead[], nextCursor: out.LastEvaluatedKey };
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

/** Claims the lead for activation with the company id to create; a second claim keeps the first id. */
export async function claimLeadCompanyId(leadId: string, companyId: string): Promise<string> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: leadKey(leadId),
        UpdateExpression: 'SET companyId = :c',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(companyId) OR companyId = :null)',
        ExpressionAttributeValues: { ':c': companyId, ':null': null },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return String(out.Attributes!.companyId);
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    return (await getLead(leadId))!.companyId!;
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
