import type { Dataset, Dialect, QueryColumn, QueryResult } from '../../../common/analytics';
import { sqlDialectOf } from '../../engines';
import type { Connector } from '../../engines/connector';
import { QueryError } from '../../engines/queryError';
import { PROFILE_SAMPLE_ROWS, profileColumns, type ColumnProfiles } from './columnProfile';

// The statements a dataset needs of its source: its columns (describe), its first rows
// (preview), a sample to profile its columns (field detection) and its row count. The FROM
// is the dataset's table, quoted part by part, or its SQL as a sub-query, as the query
// compiler writes it.

export type DatasetSource = Pick<Dataset, 'table' | 'sql'>;

const PREVIEW_MAX = 1000;

function fromClause(dataset: DatasetSource, dialect: Dialect): string {
  const { quote } = sqlDialectOf(dialect);
  if (dataset.table) return dataset.table.split('.').map(quote).join('.');
  const sql = (dataset.sql ?? '').trim().replace(/;+\s*$/, '');
  // Newlines keep a trailing line comment of the SQL from hiding the closing paren.
  return `(\n${sql}\n) AS src`;
}

/** The columns (name and source type) the dataset answers, without reading rows. */
export async function describeDataset(
  connector: Connector,
  dataset: DatasetSource,
  timeoutMs: number,
): Promise<QueryColumn[]> {
  const result = await connector.run(
    `SELECT * FROM ${fromClause(dataset, connector.dialect)} LIMIT 0`,
    { timeoutMs, maxRows: 1 },
  );
  if (result.columns.length === 0) throw new QueryError('The query answers no columns.');
  return result.columns;
}

export async function previewDataset(
  connector: Connector,
  dataset: DatasetSource,
  limit: number,
  timeoutMs: number,
): Promise<QueryResult> {
  const rows = Math.max(1, Math.min(limit, PREVIEW_MAX));
  return connector.run(`SELECT * FROM ${fromClause(dataset, connector.dialect)} LIMIT ${rows}`, {
    timeoutMs,
    maxRows: rows,
  });
}

export async function countDatasetRows(
  connector: Connector,
  dataset: DatasetSource,
  timeoutMs: number,
): Promise<number> {
  const result = await connector.run(
    `SELECT count(*) AS row_count FROM ${fromClause(dataset, connector.dialect)}`,
    { timeoutMs, maxRows: 1 },
  );
  return Number(result.rows[0]?.[0] ?? 0);
}

/** Profiles of the dataset's columns from its first rows (for field detection). */
export async function profileDataset(
  connector: Connector,
  dataset: DatasetSource,
  timeoutMs: number,
): Promise<ColumnProfiles> {
  const result = await connector.run(
    `SELECT * FROM ${fromClause(dataset, connector.dialect)} LIMIT ${PROFILE_SAMPLE_ROWS}`,
    { timeoutMs, maxRows: PROFILE_SAMPLE_ROWS },
  );
  return profileColumns(result.columns, result.rows);
}
