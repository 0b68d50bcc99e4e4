import { z } from 'zod';

// The pricing plan payload: unknown fields are a 400.

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const id = z.number().int().positive().optional();

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code such as USD');

const planLimit = z.number().int().min(0).max(1_000_000_000).nullable().default(null);

export const pricingPlanSchema = z.strictObject({
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
