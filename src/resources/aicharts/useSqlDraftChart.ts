import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Dataset, QueryResult } from '../../../common/analytics';
import { CancelledError } from '../../ui/api/httpClient';
import { runSql } from '../../ui/warehouse/analyticsApi';
import { isNumericType } from '../../ui/warehouse/cellFormat';
import type { DatasetDraft } from '../../ui/warehouse/datasetDraft';
import type { DraftQueryState } from './useDraftQuery';

const TEMPORAL_TYPE = /date|timestamp/i;

/** Explorer SQL answers its columns' native types (BIGINT, TIMESTAMP); charts read field types. */
function withFieldTypes(result: QueryResult): QueryResult {
  const fieldType = (type: string) =>
    isNumericType(type) ? 'number' : TEMPORAL_TYPE.test(type) ? 'date' : 'string';
  return {
    ...result,
    columns: result.columns.map((column) => ({ ...column, type: fieldType(column.type) })),
  };
}

/**
 * The explorer's query drawn in the chart builder before anything is saved: its SQL runs again
 * through the explorer's endpoint (same permissions and row policies), and saving the chart
 * first keeps the query as a dataset of the chart's name.
 */
export function useSqlDraftChart(draft: DatasetDraft | null, active: boolean) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const answer = useQuery({
    queryKey: ['aiChartSqlDraft', draft?.sourceId, draft?.sql],
    queryFn: async ({ signal }) =>
      withFieldTypes(await runSql({ sourceId: draft!.sourceId, sql: draft!.sql }, signal)),
    enabled: draft !== null && active,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const error = answer.error instanceof CancelledError ? null : answer.error;
  const state: DraftQueryState = {
    result: answer.data ?? null,
    loading: answer.isFetching,
    error: error?.message ?? null,
  };

  /** Keeps the query as a dataset named `name`; the builder's list of datasets then holds it. */
  const saveDataset = async (name: string): Promise<Dataset> => {
    const { data } = await dataProvider.create<Dataset>('datasets', {
      data: { sourceId: draft!.sourceId, name, sql: draft!.sql.trim() },
    });
    await queryClient.invalidateQueries({ queryKey: ['datasets'] });
    return data;
  };

  return { state, saveDataset };
}
