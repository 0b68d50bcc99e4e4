import type { Selectable } from 'kysely';
import type { PricingPlansTable } from '../../db/platformSchema';

// A pricing plan row -> its API records (camelCase, real booleans).

function parseFeatures(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function toPricingPlan(row: Selectable<PricingPlansTable>) {
  return {
    id: row.id,
    name: row.name,
    priceMonthly: row.price_monthly,
    currency: row.currency,
    features: parseFeatures(row.features),
    highlighted: Boolean(row.highlighted),
    active: Boolean(row.active),
    sortOrder: row.sort_order,
    ...toPlanLimits(row),
  };
}

/** A plan's limits; null is unlimited. */
export function toPlanLimits(row: Selectable<PricingPlansTable>) {
  return {
    maxUsers: row.max_users,
    maxDashboards: row.max_dashboards,
    maxDataSources: row.max_data_sources,
    maxStorageMb: row.max_storage_mb,
  };
}

/** What anonymous visitors of the pricing page see of a plan. */
export function toPublicPricingPlan(row: Selectable<PricingPlansTable>) {
  const { id, name, priceMonthly, currency, features, highlighted } = toPricingPlan(row);
  return { id, name, priceMonthly, currency, features, highlighted, ...toPlanLimits(row) };
}
