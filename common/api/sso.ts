import { z } from 'zod';
import { attributeKeySchema } from './rowPolicies';

// Single sign-on (OpenID Connect) and SCIM provisioning of an account, on the wire.

/** The roles single sign-on and SCIM may give: never platform-admin. */
export const SSO_ROLES = ['admin', 'editor', 'viewer'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_.:/-]{0,127}$/;
const claimName = z
  .string()
  .trim()
  .regex(CLAIM_NAME, 'must be a claim name (letters, digits, _ . : / -; at most 128)');

const issuerSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(500)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    'must be a URL such as https://login.example.com',
  );

export const ssoSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  displayName: z.string().trim().min(1, 'is required').max(60),
  issuer: issuerSchema,
  clientId: z.string().trim().min(1, 'is required').max(300),
  /** Left out (or empty) to keep the stored secret. */
  clientSecret: z.string().max(1000).optional(),
  roleClaim: claimName,
  /** Claim value → role; a user whose claim maps to none gets `defaultRole`. */
  roleMap: z
    .record(z.string().trim().min(1).max(200), z.enum(SSO_ROLES))
    .refine((map) => Object.keys(map).length <= 100, 'at most 100 values'),
  defaultRole: z.enum(SSO_ROLES),
  /** Claim → attribute name for row policies. */
  attributeClaims: z
    .record(claimName, attributeKeySchema)
    .refine((map) => Object.keys(map).length <= 50, 'at most 50 claims'),
  passwordSignIn: z.boolean(),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;

const SSO_SETTINGS = z.object({
  enabled: z.boolean(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  roleClaim: z.string(),
  roleMap: z.record(z.string(), z.enum(SSO_ROLES)),
  defaultRole: z.enum(SSO_ROLES),
  attributeClaims: z.record(z.string(), z.string()),
  passwordSignIn: z.boolean(),
});
export type SsoSettings = z.infer<typeof SSO_SETTINGS>;

/** The account's settings (null before the first save) and what the admin registers. */
export const SSO_OVERVIEW = z.object({
  settings: SSO_SETTINGS.nullable(),
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
  /** Where the provider sends the browser back after signing out (to register there too). */
  postLogoutRedirectUri: z.string(),
  /** The SCIM base URL the identity provider calls. */
  scimBaseUrl: z.string(),
  hasScimToken: z.boolean(),
});
export type SsoOverview = z.infer<typeof SSO_OVERVIEW>;

export const discoveryCheckSchema = z.strictObject({ issuer: issuerSchema });
export const DISCOVERY_ANSWER = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
});
export type DiscoveryAnswer = z.infer<typeof DISCOVERY_ANSWER>;

export const SCIM_TOKEN_ANSWER = z.object({
  /** Shown once: only its hash is stored. */
  token: z.string(),
});

/** How the site's sign-in page may sign in (public). */
export const SIGN_IN_OPTIONS = z.object({
  password: z.boolean(),
  sso: z.object({ displayName: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof SIGN_IN_OPTIONS>;

export const ssoTicketSchema = z.strictObject({ ticket: z.string().min(1).max(200) });

/** Why a single sign-on came back to the sign-in page without a session. */
export const SSO_ERRORS = [
  'not-configured',
  'expired',
  'state',
  'provider',
  'inactive',
  'plan-limit',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/**
 * A tenant's single sign-on as the platform admin sees it (no secrets), to repair an account
 * locked out by a broken identity provider.
 */
export const PLATFORM_SSO_STATE = z.object({
  /** The account's id. */
  id: z.number().int(),
  /** Settings were ever saved (or a SCIM token made). */
  configured: z.boolean(),
  enabled: z.boolean(),
  displayName: z.string(),
  issuer: z.string(),
  passwordSignIn: z.boolean(),
  hasScimToken: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PlatformSsoState = z.infer<typeof PLATFORM_SSO_STATE>;

/** What a platform admin may do to a tenant's single sign-on. */
export const PLATFORM_SSO_REPAIRS = ['allowPasswords', 'disable'] as const;
export type PlatformSsoRepair = (typeof PLATFORM_SSO_REPAIRS)[number];
