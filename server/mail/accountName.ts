import type { Kysely } from 'kysely';
import { findAccountNames } from '../db/accounts';
import type { Database } from '../db/schema';

// The name a message gives its account is the one it has when the message is read or sent,
// not when it was written: texts hold ACCOUNT_NAME_SLOT, filled in by withAccountName.

export const ACCOUNT_NAME_SLOT = '{{account-name}}';

export function withAccountName(text: string, accountName: string): string {
  return text.replaceAll(ACCOUNT_NAME_SLOT, accountName);
}

/** The account's site, and its name as its users see it: the company profile's, else its own. */
export async function findAccountIdentity(db: Kysely<Database>, accountId: number) {
  const account = await findAccountNames(db, accountId);
  return { site: account.site, name: displayNameOf(account) };
}

export function displayNameOf(account: { name: string; brandName: string | null }): string {
  return account.brandName?.trim() || account.name;
}
