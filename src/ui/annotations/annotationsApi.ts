import { useContext, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Annotation, AnnotationInput } from '../../../common/api/annotations';
import { apiUrl, httpRequest } from '../api/httpClient';
import { ChartAlertsContext } from '../alerts/alertsApi';

// A dataset's annotations (GET /api/v1/datasets/{id}/annotations), asked once per dataset
// and page: every chart over the dataset picks its own from the one answer.

const keyOf = (datasetId: number) => ['annotations', datasetId];

const pathOf = (datasetId: number) => `/api/v1/datasets/${datasetId}/annotations`;

async function listAnnotations(datasetId: number, signal?: AbortSignal): Promise<Annotation[]> {
  return (await httpRequest<Annotation[]>(apiUrl(pathOf(datasetId)), { signal })).data;
}

export async function saveAnnotation(
  datasetId: number,
  input: AnnotationInput,
  id?: number,
): Promise<Annotation> {
  const path = id === undefined ? pathOf(datasetId) : `${pathOf(datasetId)}/${id}`;
  const answer = await httpRequest<Annotation>(apiUrl(path), {
    method: id === undefined ? 'POST' : 'PUT',
    body: JSON.stringify(input),
  });
  return answer.data;
}

export async function deleteAnnotation(datasetId: number, id: number): Promise<void> {
  await httpRequest(apiUrl(`${pathOf(datasetId)}/${id}`), { method: 'DELETE' });
}

/**
 * The annotations shown on a chart (the dataset's and the chart's own), on signed-in pages;
 * shared pages have no session to ask with and show none.
 */
export function useChartAnnotations(chart: { id: number; datasetId: number } | undefined) {
  const signedIn = useContext(ChartAlertsContext);
  const queryClient = useQueryClient();
  const datasetId = chart?.datasetId ?? 0;
  const list = useQuery({
    queryKey: keyOf(datasetId),
    queryFn: ({ signal }) => listAnnotations(datasetId, signal),
    enabled: signedIn && chart !== undefined,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const chartId = chart?.id;
  // one array per answer, so that the chart's option is not built again on every render
  const annotations = useMemo(
    () =>
      (list.data ?? []).filter(
        (annotation) => annotation.chartId === null || annotation.chartId === chartId,
      ),
    [list.data, chartId],
  );
  return {
    signedIn,
    annotations,
    loading: list.isPending && signedIn,
    error: list.error?.message ?? null,
    reload: () => queryClient.invalidateQueries({ queryKey: keyOf(datasetId) }),
  };
}
