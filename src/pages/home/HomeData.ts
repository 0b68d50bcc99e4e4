import { useEffect, useState } from 'react';
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

type PublicData<T> = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; data: T };

/** One anonymous GET of the home page, with its loading and error states. */
export function usePublicJson<T>(path: string): PublicData<T> {
  const [state, setState] = useState<PublicData<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    httpClient(apiUrl(path), { signal: controller.signal })
      .then(({ json }) => setState({ status: 'loaded', data: json as T }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [path]);
  return state;
}
