// Links into the dataset create page with its source and table already chosen
// (`/datasets/create?sourceId=3&table=sales`), used by the schema browser and uploads.

export function datasetFromTablePath(sourceId: number, table: string): string {
  const params = new URLSearchParams({ sourceId: String(sourceId), table });
  return `/datasets/create?${params.toString()}`;
}

interface DatasetPrefill {
  sourceId?: number;
  table?: string;
}

/** The source and table named by a create link's query string, when valid. */
export function datasetPrefillFromSearch(search: string): DatasetPrefill {
  const params = new URLSearchParams(search);
  const sourceId = Number(params.get('sourceId'));
  const table = params.get('table') ?? '';
  return {
    ...(Number.isInteger(sourceId) && sourceId > 0 ? { sourceId } : {}),
    ...(table !== '' ? { table } : {}),
  };
}
