import { z } from 'zod';

// What the pricing plan routes take and answer: the platform admin's `pricing` section and
// the plans on offer that anonymous visitors of the pricing page read. A null limit is
// unlimited.

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const id = z.number().int().positive().optional();

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code such as USD');

const planLimit = z.number().int().min(0).max(1_000_000_000).nullable().default(null);

export const PRICING_PLAN_BODY = z.strictObject({
  id,
  name: text(100),
  priceMonthly: z.number().int().min(0).max(100_000_000),
  currency,
  features: z.array(text(200)).max(30),
  highlighted: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
  // Plan limits: null (or absent) is unlimited.
  maxUsers: planLimit,
  maxDashboards: planLimit,
  maxDataSources: planLimit,
  maxStorageMb: planLimit,
});

const limit = z.number().nullable();

/** A plan on offer, as the pricing page reads it. */
export const PUBLIC_PRICING_PLAN = z.object({
  id: z.number(),
  name: z.string(),
  priceMonthly: z.number(),
  currency: z.string(),
  features: z.array(z.string()),
  highlighted: z.boolean(),
  maxUsers: limit,
  maxDashboards: limit,
  maxDataSources: limit,
  maxStorageMb: limit,
});
export type PublicPricingPlan = z.infer<typeof PUBLIC_PRICING_PLAN>;

/** A pricing plan as the platform admin's section reads it. */
export const PRICING_PLAN = PUBLIC_PRICING_PLAN.extend({
  active: z.boolean(),
  sortOrder: z.number(),
});
