import type { Account, CompanyProfile, Role, User } from '../../common/types';
import { isLanguageCode, type LanguageCode } from '../../common/languages';
import type { AccountsTable, CompanyProfilesTable, UsersTable } from './schema';
import type { Selectable } from 'kysely';

// Database rows -> API records (camelCase, real booleans, no secrets).

export function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    site: row.site,
    name: row.name,
    plan: row.plan,
    planId: row.plan_id,
    active: Boolean(row.active),
  };
}

export function toUser(row: Selectable<UsersTable>, site: string): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    role: row.role as Role,
    active: Boolean(row.active),
    accountId: row.account_id,
    site,
    language: languageOf(row.language),
  };
}

export function toCompanyProfile(
  row: Omit<Selectable<CompanyProfilesTable>, 'logo'> & { has_logo: unknown },
): CompanyProfile {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    website: row.website,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    hasLogo: Boolean(Number(row.has_logo)),
    timeZone: row.time_zone,
    language: languageOf(row.language),
  };
}

/** A stored language code, or null for none (or one no longer supported). */
function languageOf(value: string | null | undefined): LanguageCode | null {
  return isLanguageCode(value) ? value : null;
}
