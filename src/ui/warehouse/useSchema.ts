import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SourceSchema } from '../../../common/api/sources';
import { fetchSchema } from './analyticsApi';

export interface SchemaState {
  schema: SourceSchema | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** The tables and columns of a source, loaded when `sourceId` is set; reload after changes. */
export function useSchema(sourceId: number | null | undefined): SchemaState {
  const enabled = sourceId !== null && sourceId !== undefined;
  const query = useQuery({
    queryKey: ['warehouseSchema', sourceId],
    queryFn: ({ signal }) => fetchSchema(sourceId!, signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    // The tables shown stay until the next answer replaces them.
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    schema: enabled ? (query.data ?? null) : null,
    loading: query.isFetching,
    error: query.error?.message ?? null,
    reload,
  };
}
