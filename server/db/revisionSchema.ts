import type { Generated } from 'kysely';
import type { RevisionAction, RevisionKind } from '../../common/revisions';

// Revisions of dashboards, charts and datasets (migration 0020_revisions), merged into
// `Database` in ./schema.ts.

export interface RevisionsTable {
  id: Generated<number>;
  account_id: number;
  kind: RevisionKind;
  /** The dashboard's, chart's or dataset's id (kept after the object is deleted). */
  object_id: number;
  /** 1, 2, 3 … per object. */
  number: number;
  action: RevisionAction;
  /** The whole saved definition (the record without id, stamps, row count) as JSON. */
  definition_json: string;
  user_id: number | null;
  created_at: string;
}

export interface RevisionTables {
  revisions: RevisionsTable;
}
