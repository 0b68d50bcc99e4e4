import type { Generated } from 'kysely';

// Tables of the platform content and the registration flow (migration 0002_platform),
// merged into `Database` in ./schema.ts. Flags are integers 0/1 and timestamps ISO-8601
// text, so one schema runs on SQLite and PostgreSQL alike.

export type RegistrationStatus = 'pending' | 'accepted' | 'rejected';
export const REGISTRATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;

export interface RegistrationsTable {
  id: Generated<number>;
  company_name: string;
  site: string;
  full_name: string;
  email: string;
  username: string;
  /** Hash of the current pricing-link token; null until the platform admin sends one. */
  token_hash: string | null;
  status: RegistrationStatus;
  plan_id: number | null;
  account_id: number | null;
  created_at: string;
}

export interface PricingPlansTable {
  id: Generated<number>;
  name: string;
  /** Monthly price in the currency's minor unit (cents). */
  price_monthly: number;
  currency: string;
  /** JSON array of feature strings. */
  features: string;
  highlighted: number;
  active: number;
  sort_order: number;
  /** Plan limits (migration 0006); null means unlimited. */
  max_users: number | null;
  max_dashboards: number | null;
  max_data_sources: number | null;
  max_storage_mb: number | null;
}

export interface InfoPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  body: string;
  published: number;
  updated_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  type: string;
  title: string;
  body: string;
  published: number;
  created_at: string;
}

export interface HelpSectionsTable {
  id: Generated<number>;
  title: string;
  body: string;
  sort_order: number;
  published: number;
}

/** One-time token that lets the first admin of a new account set a password. */
export interface ActivationTokensTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  token_hash: string;
  expires_at: string;
  /** When the password was set with this token; a second use is a conflict. */
  used_at: string | null;
}

export interface PlatformTables {
  registrations: RegistrationsTable;
  pricing_plans: PricingPlansTable;
  info_pages: InfoPagesTable;
  messages: MessagesTable;
  help_sections: HelpSectionsTable;
  activation_tokens: ActivationTokensTable;
}
