import { apiUrl, httpClient } from '../../ui/api/httpClient';
import type { PublicInfoLink } from '../../../common/api/content';
import type { PublicPricingPlan } from '../../../common/api/plans';

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
