import { createContext, useContext } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertInput } from '../../../common/api/alerts';
import { apiUrl, httpRequest } from '../api/httpClient';

// The signed-in user's alerts on charts (GET /api/v1/alerts): asked once per page, shared by
// every chart on it (react-query keeps one answer under ALERTS_KEY).

const ALERTS_KEY = ['myAlerts'];

/** Given by signed-in pages only: a shared page's viewers have no session to set alerts with. */
export const ChartAlertsContext = createContext(false);

export type AlertChanges = Partial<Omit<AlertInput, 'chartId' | 'measure'>>;

async function listMyAlerts(signal?: AbortSignal): Promise<Alert[]> {
  return (await httpRequest<Alert[]>(apiUrl('/api/v1/alerts'), { signal })).data;
}

export async function createAlert(input: AlertInput): Promise<Alert> {
  const answer = await httpRequest<Alert>(apiUrl('/api/v1/alerts'), {
    method: 'POST',
    body: JSON.stringify(input),
  });
  return answer.data;
}

export async function changeAlert(id: number, changes: AlertChanges): Promise<Alert> {
  const answer = await httpRequest<Alert>(apiUrl(`/api/v1/alerts/${id}`), {
    method: 'PATCH',
    body: JSON.stringify(changes),
  });
  return answer.data;
}

export async function deleteAlert(id: number): Promise<void> {
  await httpRequest(apiUrl(`/api/v1/alerts/${id}`), { method: 'DELETE' });
}

/** The user's alerts on `chartId`, when the page gives alerts; and how to ask again. */
export function useChartAlerts(chartId: number) {
  const enabled = useContext(ChartAlertsContext);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => listMyAlerts(signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    enabled,
    alerts: (list.data ?? []).filter((alert) => alert.chartId === chartId),
    loading: list.isPending && enabled,
    error: list.error?.message ?? null,
    reload: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  };
}
