import type { Dataset, DatasetField, SemanticQuery } from '../../../common/analytics';
import type { QuestionContext } from '../../../common/nl';
import type { Viewer } from '../../query/compile/rowPolicies';
import type { QueryEngine } from '../../query/executeQuery';

// What the question parser needs to know of a dataset beyond its fields: the values of its
// text fields (so "flights from SFO" becomes a filter) and the span of its number fields (for
// histogram bins). Sampled through the query engine, so its result cache keeps them warm.

/** A text field with more distinct values than this (titles, names) is not sampled. */
const MAX_SAMPLED_VALUES = 1000;
const MAX_SAMPLED_FIELDS = 12;

function valuesQuery(datasetId: number, field: DatasetField): SemanticQuery {
  return {
    datasetId,
    dimensions: [{ field: field.name }],
    measures: [{ field: '*', agg: 'count' }],
    filters: [],
    sort: [{ key: 'count', dir: 'desc' }],
    limit: MAX_SAMPLED_VALUES + 1,
  };
}

function rangesQuery(datasetId: number, fields: DatasetField[]): SemanticQuery {
  return {
    datasetId,
    dimensions: [],
    measures: fields.flatMap((field) => [
      { field: field.name, agg: 'min' as const },
      { field: field.name, agg: 'max' as const },
    ]),
    filters: [],
    sort: [],
  };
}

type Run = (query: SemanticQuery) => Promise<unknown[][]>;

async function sampleValues(run: Run, dataset: Dataset): Promise<QuestionContext['values']> {
  const fields = dataset.fields
    .filter((field) => field.type === 'string' && field.role !== 'measure')
    .slice(0, MAX_SAMPLED_FIELDS);
  const sampled = await Promise.all(
    fields.map(async (field) => {
      const rows = await run(valuesQuery(dataset.id, field)).catch(() => null);
      if (!rows || rows.length > MAX_SAMPLED_VALUES) return null;
      const values = rows.map((row) => row[0]).filter((value) => value !== null && value !== '');
      return [field.name, values.map(String)] as const;
    }),
  );
  return Object.fromEntries(sampled.filter((entry) => entry !== null));
}

async function sampleRanges(run: Run, dataset: Dataset): Promise<QuestionContext['ranges']> {
  const fields = dataset.fields.filter((field) => field.type === 'number');
  if (fields.length === 0) return {};
  const rows = await run(rangesQuery(dataset.id, fields)).catch(() => null);
  const row = rows?.[0];
  if (!row) return {};
  const ranges: NonNullable<QuestionContext['ranges']> = {};
  fields.forEach((field, index) => {
    const min = Number(row[index * 2]);
    const max = Number(row[index * 2 + 1]);
    if (Number.isFinite(min) && Number.isFinite(max)) ranges[field.name] = { min, max };
  });
  return ranges;
}

/** The parser's view of one of the account's datasets. A field that cannot be sampled is left out. */
export async function questionContextFor(
  engine: QueryEngine,
  asker: { accountId: number; viewer: Viewer },
  dataset: Dataset,
  signal?: AbortSignal,
): Promise<QuestionContext> {
  // Sampled as the asker: values their row policies hide must not name themselves.
  const run: Run = async (query) => (await engine.runSemantic({ ...asker, query, signal })).rows;
  const [values, ranges] = await Promise.all([
    sampleValues(run, dataset),
    sampleRanges(run, dataset),
  ]);
  return { dataset, values, ranges };
}
