import type { UserAttributes } from '../../../common/api/rowPolicies';
import { USER_ATTRIBUTES } from '../../../common/api/rowPolicies';
import { SSO_ROLES, type SsoRole } from '../../../common/api/sso';
import type { Claims } from './openIdProvider';

// What an account's identity provider says of a user, in Brandboard's terms: the user name,
// the role (through the account's map of claim values) and the attributes row policies use.

export interface ClaimRules {
  roleClaim: string;
  roleMap: Record<string, SsoRole>;
  defaultRole: SsoRole;
  attributeClaims: Record<string, string>;
}

export interface MappedUser {
  subject: string;
  username: string;
  fullName: string;
  email: string;
  role: SsoRole;
  attributes: UserAttributes;
}

/** A claim's value by name; a dotted name reads into nested objects (`realm_access.roles`). */
function claimValue(claims: Claims, name: string): unknown {
  if (name in claims) return claims[name];
  return name.split('.').reduce<unknown>((value, key) => {
    return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }, claims);
}

function textsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(String);
}

/** The strongest role any value of the role claim maps to, else the default role. */
export function mappedRole(claims: Claims, rules: ClaimRules): SsoRole {
  const roles = textsOf(claimValue(claims, rules.roleClaim))
    .map((value) => rules.roleMap[value])
    .filter((role): role is SsoRole => role !== undefined);
  // SSO_ROLES is ordered from the strongest.
  return SSO_ROLES.find((role) => roles.includes(role)) ?? rules.defaultRole;
}

/** The mapped attributes; values row policies cannot use (objects, overlong text) are left out. */
export function mappedAttributes(claims: Claims, rules: ClaimRules): UserAttributes {
  const attributes: Record<string, unknown> = {};
  for (const [claim, attribute] of Object.entries(rules.attributeClaims)) {
    const value = claimValue(claims, claim);
    if (value === undefined || value === null) continue;
    const texts = textsOf(value);
    if (texts.length === 0) continue;
    attributes[attribute] = Array.isArray(value) ? texts : texts[0];
  }
  const parsed = USER_ATTRIBUTES.safeParse(attributes);
  if (parsed.success) return parsed.data;
  const valid: UserAttributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    const one = USER_ATTRIBUTES.safeParse({ [key]: value });
    if (one.success) Object.assign(valid, one.data);
  }
  return valid;
}

function text(claims: Claims, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function mappedUser(claims: Claims, rules: ClaimRules): MappedUser {
  const subject = String(claims.sub);
  const email = text(claims, 'email') ?? '';
  const username = text(claims, 'preferred_username') ?? (email || subject);
  return {
    subject,
    username: username.slice(0, 200),
    fullName: (text(claims, 'name') ?? username).slice(0, 200),
    email: email.slice(0, 254),
    role: mappedRole(claims, rules),
    attributes: mappedAttributes(claims, rules),
  };
}
