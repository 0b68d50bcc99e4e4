import type { Generated } from 'kysely';

// Tables of single sign-on and SCIM provisioning (migrations 0021, 0024).

export interface SsoSettingsTable {
  id: Generated<number>;
  account_id: number;
  /** Shown on the sign-in button: "Sign in with <display_name>". */
  display_name: string;
  issuer: string;
  client_id: string;
  /** services/secrets.ts format. */
  client_secret_enc: string;
  role_claim: string;
  /** Record<claim value, role> as JSON. */
  role_map_json: string;
  default_role: string;
  /** Record<claim, attribute name> as JSON. */
  attribute_claims_json: string;
  enabled: number;
  password_sign_in: number;
  /** SHA-256 of the account's SCIM bearer token, null until one is generated. */
  scim_token_hash: string | null;
  updated_at: string;
}

export interface SsoSignInsTable {
  id: Generated<number>;
  account_id: number;
  /** Hash of the cookie that binds the sign-in to the browser that started it. */
  browser_key_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  /** Hash of the one-time ticket the web app trades for a session after the callback. */
  ticket_hash: string | null;
  user_id: number | null;
  created_at: string;
  /** The provider's ID token, from the callback until the ticket is traded for a session. */
  id_token: string | null;
}

/** The ID token a single sign-on session was opened with: sent back at its sign-out. */
export interface SsoSessionsTable {
  session_id: number;
  id_token: string;
  expires_at: string;
}

export interface ScimGroupsTable {
  id: Generated<number>;
  account_id: number;
  display_name: string;
  external_id: string | null;
  role: string;
  created_at: string;
}

export interface ScimGroupMembersTable {
  group_id: number;
  user_id: number;
}

export interface SsoTables {
  sso_settings: SsoSettingsTable;
  sso_sign_ins: SsoSignInsTable;
  sso_sessions: SsoSessionsTable;
  scim_groups: ScimGroupsTable;
  scim_group_members: ScimGroupMembersTable;
}
