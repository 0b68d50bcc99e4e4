import type { Generated } from 'kysely';

// Tables of saved charts, dashboards and share links (migration 0004_dashboards), merged into
// `Database` in ./schema.ts. JSON columns are text; timestamps ISO-8601 text.

export interface ChartsTable {
  id: Generated<number>;
  account_id: number;
  dataset_id: number;
  name: string;
  description: string;
  /** ChartSpec as JSON. */
  spec_json: string;
  /** Translations of name and title as JSON; null: none (migration 0026). */
  translations_json: Generated<string | null>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface DashboardsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: string;
  /** DashboardTile[] as JSON. */
  tiles_json: string;
  /** DashboardFilter[] as JSON. */
  filters_json: string;
  /** DashboardTab[] as JSON (migration 0023); [] when the dashboard has no tabs. */
  tabs_json: Generated<string>;
  refresh_seconds: number;
  /** Translations of name and description as JSON; null: none (migration 0026). */
  translations_json: Generated<string | null>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A key an account's backend signs embed tokens with (migration 0015). */
export interface EmbedSecretsTable {
  id: Generated<number>;
  account_id: number;
  label: string;
  /** The secret encrypted with APP_SECRET (services/secrets.ts). */
  secret_enc: string;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface ShareLinksTable {
  id: Generated<number>;
  account_id: number;
  dashboard_id: number;
  label: string;
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  /** DashboardFilterValue[] as JSON. */
  frozen_filters_json: string;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  created_by: number | null;
  /** UserAttributes the link's viewers have, as JSON; null: none (migration 0014). */
  attributes_json: string | null;
}

export interface DashboardTables {
  charts: ChartsTable;
  dashboards: DashboardsTable;
  share_links: ShareLinksTable;
  embed_secrets: EmbedSecretsTable;
}
