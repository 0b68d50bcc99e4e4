import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Single sign-on and provisioning per account: its OpenID Connect settings (the client
// secret encrypted at rest), the sign-ins under way (state, nonce and PKCE verifier between
// the redirect and the callback), its SCIM bearer token (hashed) and SCIM groups mapped to
// roles. Users get the identity provider's subject and SCIM externalId.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sso_settings'))
    .addColumn('account_id', 'integer', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_enc', 'text', (c) => c.notNull())
    .addColumn('role_claim', 'text', (c) => c.notNull())
    .addColumn('role_map_json', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text', (c) => c.notNull())
    .addColumn('attribute_claims_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('password_sign_in', 'integer', (c) => c.notNull())
    .addColumn('scim_token_hash', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sso_sign_ins'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('browser_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('ticket_hash', 'text', (c) => c.unique())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('scim_groups'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scim_groups_account_name')
    .on('scim_groups')
    .columns(['account_id', 'display_name'])
    .unique()
    .execute();

  await db.schema
    .createTable('scim_group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('scim_group_members_pk', ['group_id', 'user_id'])
    .execute();

  await db.schema.alterTable('users').addColumn('sso_subject', 'text').execute();
  await db.schema.alterTable('users').addColumn('external_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('external_id').execute();
  await db.schema.alterTable('users').dropColumn('sso_subject').execute();
  await db.schema.dropTable('scim_group_members').execute();
  await db.schema.dropTable('scim_groups').execute();
  await db.schema.dropTable('sso_sign_ins').execute();
  await db.schema.dropTable('sso_settings').execute();
}
