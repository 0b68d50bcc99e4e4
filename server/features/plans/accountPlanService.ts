import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { toAccount } from '../../db/rows';
import type { AccountsTable, Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { accountPlan, accountUsage } from './planLimitsService';
import { findPlanByNameIgnoringCase, findPlanNameById } from './repository';

// The accounts admin's view of plans: which plan a payload picks, and an account with its
// plan's limits and its usage (the answer of GET /api/v1/accounts/:id).

interface PlanChoice {
  planId: number | null;
  label: string;
}

/**
 * The plan an account payload picks: `planId` wins (its name becomes the label); a label
 * alone links to the plan of that name (any case), or to none: a custom label without limits.
 */
export async function resolvePlan(
  db: Kysely<Database>,
  planId: number | null | undefined,
  label: string | undefined,
): Promise<PlanChoice> {
  if (typeof planId === 'number') {
    const plan = await findPlanNameById(db, planId);
    if (!plan) throw badRequest('planId: no such pricing plan.', 'planId');
    return { planId: plan.id, label: plan.name };
  }
  const text = label ?? '';
  if (planId === null) return { planId: null, label: text };
  const named = await findPlanByNameIgnoringCase(db, text);
  return { planId: named?.id ?? null, label: text };
}

export async function toAccountWithUsage(app: FastifyInstance, row: Selectable<AccountsTable>) {
  const plan = await accountPlan(app.db, row.id);
  return {
    ...toAccount(row),
    limits: plan?.limits ?? null,
    usage: await accountUsage(app.db, app.sourceConnectors.warehouses, row.id),
  };
}
