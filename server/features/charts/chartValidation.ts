import type { Kysely } from 'kysely';
import type { Dialect } from '../../../common/analytics';
import type { ChartInput, ChartSpec } from '../../../common/api/charts';
import { findDatasetRow, toDataset, type DatasetRecord } from '../datasets/repository';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { compileSemanticQuery } from '../../query/compile/compileSemanticQuery';
import { compilePivotQuery } from '../../query/compile/compilePivotQuery';
import { pivotRequestOf } from '../../../common/pivot';
import { PIVOT_REQUEST } from '../../../common/api/drill';
import { sourceTypeOf } from './repository';

// A chart is saved only when its query would run: the dataset is the account's, and the
// query compiles against the dataset's fields (without running it). The encoding may only
// name columns the query answers.

async function datasetOf(
  db: Kysely<Database>,
  accountId: number,
  datasetId: number,
): Promise<{ dataset: DatasetRecord; dialect: Dialect }> {
  const row = await findDatasetRow(db, accountId, datasetId).catch(() => {
    throw badRequest(`datasetId: no dataset ${datasetId} in this account.`, 'datasetId');
  });
  const type = await sourceTypeOf(db, accountId, row.source_id);
  if (!type) throw badRequest(`datasetId: dataset ${datasetId} has no data source.`, 'datasetId');
  return { dataset: toDataset(row), dialect: type as Dialect };
}

/** The query as the chart runs it: a pivot chart's as a pivot (its rows and columns). */
function compileChartQuery(spec: ChartSpec, dataset: DatasetRecord, dialect: Dialect) {
  if (spec.type !== 'pivot') return compileSemanticQuery(spec.query, dataset, dialect);
  return compilePivotQuery(pivotRequestOf(spec.query, spec.options), dataset, dialect, {
    limit: 1,
  });
}

/** A pivot lays across only dimensions of its query, and asks what /query/pivot takes. */
function checkPivotLayout(spec: ChartSpec): void {
  if (spec.type !== 'pivot') return;
  const fields = spec.query.dimensions.map((dimension) => dimension.field);
  (spec.options.pivot?.columns ?? []).forEach((name, index) => {
    if (!fields.includes(name)) {
      const where = `spec.options.pivot.columns.${index}`;
      throw badRequest(`${where}: "${name}" is not a dimension of the query.`, where);
    }
  });
  const asked = PIVOT_REQUEST.safeParse(pivotRequestOf(spec.query, spec.options));
  if (!asked.success) {
    const issue = asked.error.issues[0];
    const part =
      issue.path[0] === 'rows' || issue.path[0] === 'columns' ? 'dimensions' : issue.path[0];
    const where = `spec.query.${String(part)}`;
    throw badRequest(`${where}: a pivot's ${String(issue.path[0])}: ${issue.message}`, where);
  }
}

/** Compiles the query; a compiler 400 is told with its path under spec.query. */
function compiledColumns(spec: ChartSpec, dataset: DatasetRecord, dialect: Dialect): string[] {
  try {
    return compileChartQuery(spec, dataset, dialect).columns.map((column) => column.name);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      const field = error.field ? `spec.query.${error.field}` : 'spec.query';
      const message = error.field ? `spec.query.${error.message}` : `spec.query: ${error.message}`;
      throw badRequest(message, field);
    }
    throw error;
  }
}

function checkEncoding(spec: ChartSpec, columns: string[]): void {
  const { x, y = [], series, color, size } = spec.encoding;
  const named: [string, string | undefined][] = [
    ['x', x],
    ...y.map((name, index): [string, string] => [`y.${index}`, name]),
    ['series', series],
    ['color', color],
    ['size', size],
  ];
  for (const [key, name] of named) {
    if (name !== undefined && !columns.includes(name)) {
      throw badRequest(
        `spec.encoding.${key}: "${name}" is not a column of the query (${columns.join(', ')}).`,
        `spec.encoding.${key}`,
      );
    }
  }
}

export async function validateChart(
  db: Kysely<Database>,
  accountId: number,
  input: ChartInput,
): Promise<void> {
  const { dataset, dialect } = await datasetOf(db, accountId, input.datasetId);
  if (input.spec.query.datasetId !== input.datasetId) {
    throw badRequest(
      "spec.query.datasetId: must be the chart's datasetId.",
      'spec.query.datasetId',
    );
  }
  checkPivotLayout(input.spec);
  checkEncoding(input.spec, compiledColumns(input.spec, dataset, dialect));
}
