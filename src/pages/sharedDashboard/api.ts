import type { Dashboard, DashboardFilterValue, SavedChart } from '../../../common/charts';
import type { InvalidLinkReason, SharedDashboardAnswer } from '../../../common/api/shares';
import type { DrillContextAnswer } from '../../../common/api/drill';
import { HttpError, apiUrl, httpRequest } from '../../ui/api/httpClient';

// The public share API, with the link's token as the bearer (no session).

export interface SharedDashboard {
  dashboard: Dashboard;
  charts: SavedChart[];
  /** the values the link froze: shown, not changeable */
  frozen: DashboardFilterValue[];
  /** what drilling needs of each chart's dataset */
  drill: DrillContextAnswer[];
}

/** Frozen values from either form the API may use: a list, or flags on the filters. */
function frozenValues(answer: SharedDashboardAnswer): DashboardFilterValue[] {
  const listed = answer.frozenFilters ?? [];
  const flagged = (answer.dashboard.filters ?? [])
    .filter((filter) => filter.frozen && !listed.some((entry) => entry.filterId === filter.id))
    .map((filter) => ({ filterId: filter.id, value: filter.value ?? filter.defaultValue ?? [] }));
  return [...listed, ...flagged];
}

export async function fetchSharedDashboard(
  dashboardId: string,
  token: string,
  signal: AbortSignal,
): Promise<SharedDashboard> {
  const { data } = await httpRequest<SharedDashboardAnswer>(
    apiUrl(`/api/v1/share/dashboards/${encodeURIComponent(dashboardId)}`),
    { shareToken: token, signal, handleAuthErrorsInCaller: true },
  );
  return {
    dashboard: {
      ...data.dashboard,
      filters: data.dashboard.filters ?? [],
      tiles: data.dashboard.tiles ?? [],
      refreshSeconds: data.dashboard.refreshSeconds ?? 0,
    },
    charts: data.charts ?? [],
    frozen: frozenValues(data),
    drill: data.drill ?? [],
  };
}

/** The message page for a link the API refused (404 with a reason), or null for other errors. */
export function shareFailureOf(error: unknown): InvalidLinkReason | null {
  if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 401)) return null;
  const reason = (error.body as { reason?: unknown } | null)?.reason;
  return reason === 'revoked' || reason === 'expired' ? reason : 'invalid';
}

/**
 * The message page for an answer that refuses the link itself (404 with a reason: revoked or
 * expired while the page was open, e.g. on a later query), or null for any other error.
 */
export function linkRefusalOf(error: unknown): InvalidLinkReason | null {
  if (!(error instanceof HttpError) || error.status !== 404) return null;
  const reason = (error.body as { reason?: unknown } | null)?.reason;
  return reason ? shareFailureOf(error) : null;
}
