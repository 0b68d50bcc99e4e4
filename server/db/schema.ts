import type { Generated } from 'kysely';
import type { AnalyticsTables } from './analyticsSchema';
import type { AnnotationTables } from './annotationSchema';
import type { AuditTables } from './auditSchema';
import type { DashboardTables } from './dashboardSchema';
import type { SubscriptionTables } from './subscriptionSchema';
import type { MilestoneTables } from './milestoneSchema';
import type { SsoTables } from './ssoSchema';
import type { PlatformTables } from './platformSchema';
import type { RevisionTables } from './revisionSchema';
import type { SurveyTables } from './surveySchema';

// Kysely table types of the metadata store. Portable across SQLite and PostgreSQL:
// booleans are integers 0/1, timestamps ISO-8601 UTC strings (sortable as text),
// binary data blob/bytea read as Buffer.

export interface AccountsTable {
  id: Generated<number>;
  site: string;
  name: string;
  /** The plan's name, kept as a label; `plan_id` is the plan whose limits hold. */
  plan: string;
  /** Null: no plan, no limits (the platform account). Migration 0006. */
  plan_id: Generated<number | null>;
  active: number;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  full_name: string;
  email: string;
  role: string;
  active: number;
  password_hash: string;
  created_at: string;
  /** UserAttributes as JSON (migration 0014). */
  attributes_json: Generated<string>;
  /** The identity provider's `sub` once the user signed in with single sign-on. */
  sso_subject: string | null;
  /** The identity provider's id of a user provisioned over SCIM. */
  external_id: string | null;
  /** The user's own language (common/languages.ts); null: the account's default (0025). */
  language: Generated<string | null>;
}

export type SessionKind = 'session' | 'api';
export type TokenScope = 'read' | 'read-write';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  account_id: number;
  kind: SessionKind;
  label: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  last_used_at: string | null;
  /** What an API token may do; sign-in sessions are always 'read-write'. */
  scope: Generated<TokenScope>;
}

export interface CompanyProfilesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  website: string;
  primary_color: string;
  secondary_color: string;
  logo: Buffer | null;
  logo_mime: string | null;
  /** IANA time zone the account's schedules run in (migration 0018). */
  time_zone: Generated<string>;
  /** The account's default language; null: each visitor's browser decides (0025). */
  language: Generated<string | null>;
}

interface CoreTables {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  company_profiles: CompanyProfilesTable;
}

export interface Database
  extends
    CoreTables,
    PlatformTables,
    AnalyticsTables,
    DashboardTables,
    AuditTables,
    MilestoneTables,
    SurveyTables,
    SubscriptionTables,
    SsoTables,
    RevisionTables,
    AnnotationTables {}

/** The current time as stored in timestamp columns. */
export const nowIso = (): string => new Date().toISOString();
