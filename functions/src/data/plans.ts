/**
 * Plan entity: the platform's subscription plans (spec part 2 §3 "Plan"). Platform data, so the
 * partition is `P#PLANS`; a handful of items, read whole.
 *
 *   PK = P#PLANS   SK = PLAN#<planId>
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { queryAll } from './table-operations';
import { platformPk } from './keys';

export interface Plan {
  id: string;
  name: string;
  /** Maximum ACTIVE users of a company on this plan. */
  users: number;
  connections: number;
  queues: number;
  value: number;
  valueYearly: number;
  useIntegration: boolean;
  isActive: boolean;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
}

const PLANS_PK = platformPk('PLANS');
const planKey = (planId: string) => ({ PK: PLANS_PK, SK: `PLAN#${planId}` });

interface PlanItem extends Plan {
  PK: string;
  SK: string;
}

function fromItem(item: Record<string, unknown> | undefined): Plan | undefined {
  if (!item) return undefined;
  const { PK: _pk, SK: _sk, ...plan } = item as unknown as PlanItem;
  return plan;
}

/** AP-P1: plan by id. */
export async function getPlan(planId: string): Promise<Plan | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: planKey(planId) }));
  return fromItem(out.Item);
}

/** AP-P2: every plan (the platform has a handful; one partition, one page). */
export async function listPlans(): Promise<Plan[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :plan)',
    ExpressionAttributeValues: { ':pk': PLANS_PK, ':plan': 'PLAN#' },
  });
  return items.map((item) => fromItem(item)!);
}

/** Creates a plan; fails (ConditionalCheckFailedException) if the id is taken. */
export async function insertPlan(plan: Plan): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...planKey(plan.id), ...plan },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Replaces a plan's fields; fails (ConditionalCheckFailedException) when it does not exist. */
export async function replacePlan(plan: Plan): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...planKey(plan.id), ...plan },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

export async function removePlan(planId: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: tableName(), Key: planKey(planId), ConditionExpression: 'attribute_exists(PK)' }),
  );
}
