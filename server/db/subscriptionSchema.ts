import type { Generated } from 'kysely';

// Subscriptions and their runs (migration 0018).

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
}
