// Domain records shared by the web app and the server. No React, no Node APIs.

// Wire types declared in ./api, re-exported for the many files that import them from here.
export type { User } from './api/users';
export type { Account } from './api/accounts';
export type { CompanyProfile } from './api/brand';

export const ROLES = ['platform-admin', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The account that owns the root host (no sub-domain, or `www`). */
export const PLATFORM_SITE = 'www';

/**
 * Where a user stands, as the users section shows it: `invited` until they set a password
 * from their invitation, then `active` or `deactivated` (by an admin).
 */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Why a 403 refused one action of a signed-in user who may use the section they are in: a
 * business refusal, shown where the action was, the session kept. A 403 without a code refuses
 * the caller itself (no session, inactive, wrong site, a section the role may not use) and
 * sends the web app to /login (spec §8).
 */
export const REFUSAL_CODES = [
  /** A create past the account's pricing plan (users, dashboards, data sources, storage). */
  'plan-limit',
  /** A row policy holds for the caller (raw reads, SQL datasets, protected tables, policies). */
  'row-policy',
  /** An action of the section kept for another role (company profiles, another account's users). */
  'action-not-allowed',
  /** A password sign-in on an account that turned passwords off for single sign-on. */
  'sso-required',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** The error body every API failure answers with (docs/architecture.md §5). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
  /** Only on a business refusal (403). */
  code?: RefusalCode;
  requestId?: string;
}

/** Whether an error body is a business refusal: the action is refused, not the session. */
export function isBusinessRefusal(body: unknown): boolean {
  const code = (body as { code?: unknown } | null)?.code;
  return (REFUSAL_CODES as readonly unknown[]).includes(code);
}
