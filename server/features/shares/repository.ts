import type { Kysely, Selectable } from 'kysely';
import type { ShareLinksTable } from '../../db/dashboardSchema';
import { nowIso, type Database } from '../../db/schema';

// Share links of dashboards in the metadata store. Only sha256(token) is stored.

export type ShareLinkRow = Selectable<ShareLinksTable>;

/** The links of one of the account's dashboards, newest first. */
export async function shareLinksOf(
  db: Kysely<Database>,
  accountId: number,
  dashboardId: number,
): Promise<ShareLinkRow[]> {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('dashboard_id', '=', dashboardId)
    .orderBy('id', 'desc')
    .execute();
}

export interface NewShareLink {
  accountId: number;
  dashboardId: number;
  createdBy: number;
  label: string;
  tokenHash: string;
  frozenFiltersJson: string;
  attributesJson: string | null;
  expiresAt: string | null;
}

export async function insertShareLink(
  db: Kysely<Database>,
  link: NewShareLink,
): Promise<ShareLinkRow> {
  return db
    .insertInto('share_links')
    .values({
      account_id: link.accountId,
      dashboard_id: link.dashboardId,
      label: link.label,
      token_hash: link.tokenHash,
      frozen_filters_json: link.frozenFiltersJson,
      attributes_json: link.attributesJson,
      expires_at: link.expiresAt,
      revoked_at: null,
      created_at: nowIso(),
      created_by: link.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Link `linkId` of one of the account's dashboards, or undefined. */
export async function findShareLink(
  db: Kysely<Database>,
  accountId: number,
  dashboardId: number,
  linkId: number,
): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('id', '=', linkId)
    .where('account_id', '=', accountId)
    .where('dashboard_id', '=', dashboardId)
    .executeTakeFirst();
}

export async function revokeShareLink(db: Kysely<Database>, linkId: number): Promise<ShareLinkRow> {
  return db
    .updateTable('share_links')
    .set({ revoked_at: nowIso() })
    .where('id', '=', linkId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The link whose token hashes to `tokenHash`, whichever account it is of. */
export async function findShareLinkByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
