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
