import type { Dashboard } from '../../../common/charts';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

/** The fields a dashboard update sends: never its id or timestamps. */
export function savedFields(dashboard: Dashboard) {
  return {
    name: dashboard.name,
    ...(dashboard.description ? { description: dashboard.description } : {}),
    tiles: dashboard.tiles,
    tabs: dashboard.tabs ?? [],
    filters: dashboard.filters,
    refreshSeconds: dashboard.refreshSeconds,
    ...(dashboard.translations ? { translations: dashboard.translations } : {}),
  };
}

/** POST /dashboards/{id}/duplicate: the copy, named "<name> (copy)" by the server. */
export async function duplicateDashboard(id: number): Promise<Dashboard> {
  const answer = await httpRequest<Dashboard>(apiUrl(`/api/v1/dashboards/${id}/duplicate`), {
    method: 'POST',
    body: '{}',
  });
  return answer.data;
}
