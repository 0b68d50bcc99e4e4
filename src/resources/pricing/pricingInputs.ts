import type { RaRecord } from 'react-admin';
import type { PlanLimits } from '../../../common/planLimits';

// Form values of a pricing plan <-> the API payload (strict: only the editable fields).

export function toPricingPayload(data: RaRecord) {
  const features = Array.isArray(data.features)
    ? data.features
    : String(data.features ?? '').split('\n');
  return {
    name: String(data.name ?? '').trim(),
    priceMonthly: Number(data.priceMonthly ?? 0),
    currency: String(data.currency ?? '')
      .trim()
      .toUpperCase(),
    features: features.map((line: unknown) => String(line).trim()).filter(Boolean),
    highlighted: Boolean(data.highlighted),
    active: Boolean(data.active),
    sortOrder: Number(data.sortOrder ?? 0),
    ...toLimitsPayload(data),
  };
}

/** An empty limit input is null: unlimited. */
function toLimitsPayload(data: RaRecord): PlanLimits {
  const limit = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : null;
  return {
    maxUsers: limit(data.maxUsers),
    maxDashboards: limit(data.maxDashboards),
    maxDataSources: limit(data.maxDataSources),
    maxStorageMb: limit(data.maxStorageMb),
  };
}

/** Cents in the record, currency units in the input. */
export const centsToUnits = (cents: unknown) => (typeof cents === 'number' ? cents / 100 : cents);
export const unitsToCents = (units: unknown) =>
  typeof units === 'number' && Number.isFinite(units) ? Math.round(units * 100) : units;

/** Features are a list in the record and one per line in the input. */
export const featuresToText = (features: unknown) =>
  Array.isArray(features) ? features.join('\n') : (features ?? '');
export const textToFeatures = (text: string) => text.split('\n');
