import { useGetList } from 'react-admin';
import type { Dataset } from '../../../common/analytics';

/** Every dataset of the account, by name: the builder and the Ask box share one request. */
export function useDatasets() {
  return useGetList<Dataset>('datasets', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
}
