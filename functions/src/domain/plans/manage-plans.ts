/**
 * The Plans tab (super users, spec part 2 §2, §3 "Plan", §5 "Plan form") and the public lists the
 * sign-up and checkout read. The platform has a handful of plans: lists are one partition.
 */
import type { PlanDto, PlanInput } from '@atende/shared';
import { getPlan, listPlans, removePlan, replacePlan, type Plan } from '../../data/plans';
import { isConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { createPlan } from './plans';

export const toPlanDto = ({ createdAt: _c, updatedAt: _u, ...plan }: Plan): PlanDto => plan;

const byName = (a: Plan, b: Plan) => a.name.localeCompare(b.name) || a.value - b.value;

/** `GET /plans/list` (public) and `/plans/allPublished`: what a visitor may choose. */
export async function listPublishedPlans(): Promise<PlanDto[]> {
  return (await listPlans())
    .filter((p) => p.isPublished && p.isActive)
    .sort(byName)
    .map(toPlanDto);
}

/** `GET /plans/all` (super users). */
export async function listAllPlans(): Promise<PlanDto[]> {
  return (await listPlans()).sort(byName).map(toPlanDto);
}

export async function showPlan(planId: string): Promise<PlanDto> {
  const plan = await getPlan(planId);
  if (!plan) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  return toPlanDto(plan);
}

export async function addPlan(input: PlanInput): Promise<PlanDto> {
  return toPlanDto(await createPlan(input));
}

export async function updatePlan(planId: string, input: PlanInput): Promise<PlanDto> {
  const current = await getPlan(planId);
  if (!current) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  const plan: Plan = { ...current, ...input, name: input.name.toUpperCase(), updatedAt: new Date().toISOString() };
  await replacePlan(plan);
  return toPlanDto(plan);
}

export async function deletePlan(planId: string): Promise<void> {
  try {
    await removePlan(planId);
  } catch (err) {
    if (isConditionFailed(err)) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
    throw err;
  }
}
