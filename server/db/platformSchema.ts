import type { Generated } from 'kysely';

// Tables of the platform content and the registration flow (migration 0002_platform),
// merged into `Database` in ./schema.ts. Flags are integers 0/1 and timestamps ISO-8601
// text, so one schema runs on SQLite and PostgreSQL alike.

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

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
  /** Why the platform admin rejected it (migration 0007). */
  reject_reason: string | null;
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
  /** Translations of title and body as JSON; null: none (migration 0026). */
  translations_json: Generated<string | null>;
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
  /** the group the article is listed under ('' = none) */
  group_name: Generated<string>;
  /** comma-separated section names the article is about ('' = general) */
  sections: Generated<string>;
  /** Translations of title and body as JSON; null: none (migration 0026). */
  translations_json: Generated<string | null>;
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

export type OutboxStatus = 'stored' | 'pending' | 'sent' | 'failed';

/** Every message the product sends, in its account's outbox (migration 0007). */
export interface OutboxMessagesTable {
  id: Generated<number>;
  account_id: number;
  recipient: string;
  type: string;
  subject: string;
  /** Markdown. */
  body: string;
  link: string | null;
  /** stored: no SMTP configured; pending: being sent; sent or failed: the SMTP answer. */
  status: OutboxStatus;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Single-use /create-password/<token> link of a user (migration 0007). */
export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PlatformTables {
  registrations: RegistrationsTable;
  pricing_plans: PricingPlansTable;
  info_pages: InfoPagesTable;
  messages: MessagesTable;
  help_sections: HelpSectionsTable;
  activation_tokens: ActivationTokensTable;
  outbox_messages: OutboxMessagesTable;
  invitations: InvitationsTable;
}
