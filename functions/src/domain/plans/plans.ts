/** Plan reads for other areas (users: the active-user limit; connections: the connection limit). */
import { ulid } from '@atende/shared/ids';
import { getCompany } from '../../data/companies';
import { getPlan, insertPlan, listPlans, type Plan } from '../../data/plans';

export type { Plan };

/** The company's plan, or undefined when the company or its plan does not exist. */
export async function getPlanForCompany(companyId: string): Promise<Plan | undefined> {
  const company = await getCompany(companyId);
  return company?.planId ? getPlan(company.planId) : undefined;
}

/**
 * How many ACTIVE users the company may have: the plan's `users`.
 * No plan → no limit (a company is always created with a plan; this only keeps a broken
 * reference from locking everyone out).
 */
export async function activeUserLimit(companyId: string): Promise<number | null> {
  const plan = await getPlanForCompany(companyId);
  return plan ? plan.users : null;
}

export type NewPlan = Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>;

/** Plan names are stored upper-cased (spec part 2 §5 "Plan form"). */
export async function createPlan(input: NewPlan): Promise<Plan> {
  const now = new Date().toISOString();
  const plan: Plan = { ...input, name: input.name.trim().toUpperCase(), id: ulid(), createdAt: now, updatedAt: now };
  await insertPlan(plan);
  return plan;
}

export async function findPlanByName(name: string): Promise<Plan | undefined> {
  const wanted = name.trim().toUpperCase();
  return (await listPlans()).find((p) => p.name === wanted);
}
