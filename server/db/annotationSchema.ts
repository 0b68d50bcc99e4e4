import type { Generated } from 'kysely';

// Annotations of time charts (migration 0027).

export interface AnnotationsTable {
  id: Generated<number>;
  account_id: number;
  dataset_id: number;
  /** Null: every chart of the dataset. */
  chart_id: number | null;
  /** YYYY-MM-DD. */
  starts_on: string;
  /** YYYY-MM-DD, the last day of a range; null for a single date. */
  ends_on: string | null;
  label: string;
  /** #rrggbb. */
  colour: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AnnotationTables {
  annotations: AnnotationsTable;
}
