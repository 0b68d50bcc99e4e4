// Domain records shared by the web app and the server. No React, no Node APIs.

export const ROLES = ['platform-admin', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The account that owns the root host (no sub-domain, or `www`). */
export const PLATFORM_SITE = 'www';

export interface User {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: Role;
  active: boolean;
  accountId: number;
  site: string;
}

/**
 * Where a user stands, as the users section shows it: `invited` until they set a password
 * from their invitation, then `active` or `deactivated` (by an admin).
 */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as the users section reads it: the User and where they stand. */
export interface ManagedUser extends User {
  status: UserStatus;
}

export interface Account {
  id: number;
  site: string;
  name: string;
  /** The plan's name (a label); planId is the pricing plan whose limits hold (null: none). */
  plan: string;
  planId: number | null;
  active: boolean;
}

export interface CompanyProfile {
  id: number;
  accountId: number;
  name: string;
  website: string;
  primaryColor: string;
  secondaryColor: string;
  hasLogo: boolean;
}

export interface LoginAnswer {
  token: string;
  user: User;
}

/** The error body every API failure answers with (DESIGN §5). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
  requestId?: string;
}
