import { z } from 'zod';
import type { AccountUsage, PlanLimits } from '../planLimits';
import { SITE_PATTERN } from '../site';

// Accounts (tenants) on the wire: the account record, the account with its plan's limits and
// usage (GET /accounts/:id), and the create and update payloads.

export const ACCOUNT = z.object({
  id: z.number().int(),
  site: z.string(),
  name: z.string(),
  /** The plan's name (a label); planId is the pricing plan whose limits hold (null: none). */
  plan: z.string(),
  planId: z.number().int().nullable(),
  active: z.boolean(),
});
export type Account = z.infer<typeof ACCOUNT>;

const limit = z.number().nullable();
// The plan limits' own types are the plans area's (../planLimits); these schemas follow them.
const PLAN_LIMITS = z.object({
  maxUsers: limit,
  maxDashboards: limit,
  maxDataSources: limit,
  maxStorageMb: limit,
}) satisfies z.ZodType<PlanLimits>;
const ACCOUNT_USAGE = z.object({
  users: z.number(),
  dashboards: z.number(),
  dataSources: z.number(),
  storageBytes: z.number(),
}) satisfies z.ZodType<AccountUsage>;

export const ACCOUNT_WITH_USAGE = ACCOUNT.extend({
  limits: PLAN_LIMITS.nullable(),
  usage: ACCOUNT_USAGE,
});
export type AccountWithUsage = z.infer<typeof ACCOUNT_WITH_USAGE>;

const site = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SITE_PATTERN, 'must be 2 to 40 lower-case letters, digits or inner hyphens');
const name = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const plan = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');
const planId = z.number().int().positive().nullable();

// planId picks the plan (its name becomes the plan label); a plan label alone links to the
// plan of that name, or to none (a custom label, no limits).
export const accountCreateSchema = z
  .strictObject({
    site,
    name,
    plan: plan.optional(),
    planId: planId.optional(),
    active: z.boolean().default(true),
  })
  .refine((input) => input.plan !== undefined || typeof input.planId === 'number', {
    message: 'is required',
    path: ['planId'],
  });
export type AccountCreate = z.input<typeof accountCreateSchema>;

export const accountUpdateSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  site: site.optional(),
  name: name.optional(),
  plan: plan.optional(),
  planId: planId.optional(),
  active: z.boolean().optional(),
});
