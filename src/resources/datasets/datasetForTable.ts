import type { DataProvider } from 'react-admin';

// A dataset of a freshly uploaded warehouse table, named after the table; when that name is
// taken, the first free "<table> 2", "<table> 3"…

const MAX_NAME_TRIES = 50;

function isNameTaken(error: unknown): boolean {
  const { status, body } = (error ?? {}) as { status?: number; body?: { field?: string } };
  return status === 409 && body?.field === 'name';
}

function datasetNameFor(table: string, attempt: number): string {
  return attempt === 1 ? table : `${table} ${attempt}`;
}

/** Creates the dataset and answers its id and name. */
export async function createDatasetForTable(
  dataProvider: DataProvider,
  sourceId: number,
  table: string,
): Promise<{ id: number; name: string }> {
  for (let attempt = 1; ; attempt++) {
    const name = datasetNameFor(table, attempt);
    try {
      const { data } = await dataProvider.create('datasets', { data: { sourceId, name, table } });
      return { id: Number(data.id), name };
    } catch (error) {
      if (!isNameTaken(error) || attempt >= MAX_NAME_TRIES) throw error;
    }
  }
}
