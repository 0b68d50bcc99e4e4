import { apiUrl, httpClient } from '../../ui/api/httpClient';
import type { PlanLimits } from '../../model/planLimits';

/**
 * A pricing plan as the public endpoint lists it (`GET /api/v1/public/pricingPlans`); its
 * limits are null when unlimited.
 */
export interface PublicPricingPlan extends Partial<PlanLimits> {
  id: number;
  name: string;
  priceMonthly: number;
  currency: string;
  features: string[];
  highlighted: boolean;
}

/** A published information page (`GET /api/v1/public/info`). */
export interface PublicInfoLink {
  slug: string;
  title: string;
}

async function getPublicJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const { json } = await httpClient(apiUrl(path), { signal });
  return json as T;
}

/** The plans on offer (TanStack Query passes the signal that drops a superseded request). */
export const fetchHomePricingPlans = ({ signal }: { signal: AbortSignal }) =>
  getPublicJson<PublicPricingPlan[]>('/api/v1/public/pricingPlans', signal);

/** The published information pages, for the footer. */
export const fetchInfoLinks = ({ signal }: { signal: AbortSignal }) =>
  getPublicJson<PublicInfoLink[]>('/api/v1/public/info', signal);
