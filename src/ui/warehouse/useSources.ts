import { useGetList } from 'react-admin';
import type { DataSource } from '../../../common/analytics';

/** The account's data sources by name (editors may read them to build datasets and explore). */
export function useSources() {
  return useGetList<DataSource>('datasources', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
}
