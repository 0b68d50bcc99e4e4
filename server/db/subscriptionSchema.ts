import type { Generated } from 'kysely';

// Subscriptions and their runs (migration 0018); alerts and their checks (0022).

export interface SubscriptionsTable {
  id: Generated<number>;
  account_id: number;
  dashboard_id: number;
  created_by: number;
  /** The schedule (common/api/subscriptions SCHEDULE) as JSON. */
  schedule_json: string;
  channel: string;
  webhook_url: string | null;
  /** The recipients' user ids as JSON. */
  recipients_json: string;
  /** DashboardFilterValue[] as JSON. */
  filters_json: string;
  /** The charts whose data is attached, and as what, as JSON. */
  attachments_json: string;
  paused: Generated<number>;
  /** The last schedule tick (ISO instant) a run was queued for. */
  last_tick: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionRunsTable {
  id: Generated<number>;
  account_id: number;
  subscription_id: number;
  tick: string;
  started_at: string;
  duration_ms: number | null;
  recipients_json: string;
  outcome: string;
  error: string | null;
}

export interface SubscriptionTables {
  subscriptions: SubscriptionsTable;
  subscription_runs: SubscriptionRunsTable;
  alerts: AlertsTable;
  alert_runs: AlertRunsTable;
}

// Alerts and their checks (migration 0022).

export interface AlertsTable {
  id: Generated<number>;
  account_id: number;
  chart_id: number;
  /** The owner: the chart is read as them, and they are told. */
  created_by: number;
  name: string;
  /** The measure column watched. */
  measure: string;
  /** common/api/alerts ALERT_CONDITION as JSON. */
  condition_json: string;
  schedule_json: string;
  channel: string;
  webhook_url: string | null;
  paused: Generated<number>;
  /** 'unknown' | 'ok' | 'firing'. */
  state: string;
  last_value: number | null;
  last_checked_at: string | null;
  last_error: string | null;
  last_tick: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertRunsTable {
  id: Generated<number>;
  account_id: number;
  alert_id: number;
  tick: string;
  started_at: string;
  duration_ms: number | null;
  value: number | null;
  recipients_json: string;
  outcome: string;
  error: string | null;
}
