import type { Generated } from 'kysely';

// Tables of data sources and datasets (migration 0003_analytics), merged into `Database` in
// ./schema.ts. JSON columns are text; timestamps ISO-8601 text.

export interface DataSourcesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** duckdb | postgres | mysql | sqlite | clickhouse */
  type: string;
  /** Typed connection fields as JSON, without the password. */
  config_json: string;
  /** The password encrypted with AES-256-GCM (server/services/secrets.ts), or null. */
  password_enc: string | null;
  created_at: string;
  updated_at: string;
}

export interface DatasetsTable {
  id: Generated<number>;
  account_id: number;
  source_id: number;
  name: string;
  description: string;
  /** Exactly one of table_name and sql is set. */
  table_name: string | null;
  sql: string | null;
  /** DatasetField[] as JSON. */
  fields_json: string;
  /** bigint: PostgreSQL answers it as a string, SQLite as a number. */
  row_count: number | string | null;
  created_at: string;
  updated_at: string;
}

/** A rollup of a dataset (migration 0017): a table in the warehouse, `__rollup_<id>`. */
export interface RollupsTable {
  id: Generated<number>;
  account_id: number;
  dataset_id: number;
  name: string;
  /** RollupShape as JSON. */
  shape_json: string;
  refresh_minutes: number;
  freshness_minutes: number;
  /** pending | building | ready | stale | failed */
  status: string;
  /** Moves when the dataset's rows change (an upload replaced its table). */
  data_version: Generated<number>;
  /** The data_version the last build read. */
  built_version: number | null;
  /** bigint: PostgreSQL answers it as a string, SQLite as a number. */
  row_count: number | string | null;
  size_bytes: number | string | null;
  build_ms: number | null;
  last_refreshed_at: string | null;
  error: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A dataset's row policy (migration 0014): rows where `field` matches the viewer's attribute. */
export interface RowPoliciesTable {
  id: Generated<number>;
  account_id: number;
  /** The dataset it was declared on; a table's policy outlives it. */
  dataset_id: number;
  /** The source of that dataset (null only before migration 0016 bound it). */
  source_id: number | null;
  /** The table it protects (tableKeyOf), or null for a SQL dataset's own policy. */
  table_key: string | null;
  field: string;
  /** '=' | 'in' */
  op: string;
  attribute: string;
  /** The roles it applies to, as a JSON array. */
  applies_to_json: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AnalyticsTables {
  data_sources: DataSourcesTable;
  datasets: DatasetsTable;
  row_policies: RowPoliciesTable;
  rollups: RollupsTable;
}
