import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../../server/db/migrations';
import { BACKENDS } from '../authFixtures';
import { emptyStores } from '../emptyStores';

// Migration 0007 on a store with registrations of the old statuses: an accepted registration
// whose account exists becomes completed, one without an account approved; pending and
// rejected stay; down removes the outbox, the invitations and the reject reason and maps the
// statuses back.

describe.each(BACKENDS)('messages and invitations migration on %s', (backend) => {
  const openStore = emptyStores(backend);

  it('maps the old statuses and adds the outbox, invitations and reject reason', async () => {
    const db = await openStore();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0006_plan_limits')).error).toBeUndefined();
    const registration = (site: string, status: string, accountId: number | null) =>
      sql`insert into registrations (company_name, site, full_name, email, username, status, account_id, created_at)
          values (${site}, ${site}, 'Pat', ${`pat@${site}.example`}, 'pat', ${status}, ${accountId}, '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
    await registration('done', 'accepted', 7);
    await registration('waiting', 'accepted', null);
    await registration('fresh', 'pending', null);
    await registration('refused', 'rejected', null);

    expect((await migrator.migrateTo('0007_messages_invitations')).error).toBeUndefined();
    const rows = await db
      .selectFrom('registrations')
      .select(['site', 'status', 'reject_reason'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { site: 'done', status: 'completed', reject_reason: null },
      { site: 'waiting', status: 'approved', reject_reason: null },
      { site: 'fresh', status: 'pending', reject_reason: null },
      { site: 'refused', status: 'rejected', reject_reason: null },
    ]);
    const outbox = await db.selectFrom('outbox_messages').selectAll().execute();
    const invitations = await db.selectFrom('invitations').selectAll().execute();
    expect([outbox, invitations]).toEqual([[], []]);

    expect((await migrator.migrateTo('0006_plan_limits')).error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('outbox_messages');
    expect(tables).not.toContain('invitations');
    const registrations = (await db.introspection.getTables()).find(
      (table) => table.name === 'registrations',
    );
    expect(registrations?.columns.map((column) => column.name)).not.toContain('reject_reason');
    const statuses = await db.selectFrom('registrations').select('status').orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual([
      'accepted',
      'accepted',
      'pending',
      'rejected',
    ]);
  });
});
