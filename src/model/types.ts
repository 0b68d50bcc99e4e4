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

/** The error body every API failure answers with (DESIGN §5). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
  requestId?: string;
}
