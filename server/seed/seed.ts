import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { linkAccountsToPlansByName } from '../features/plans/planAccounts';
import { seedIfEmpty } from './coreSeed';
import { seedDemoDashboardsOf } from './demoDashboard';
import { seedDemoWarehouseOf } from './demoWarehouse';
import { seedPlatformContent } from './platformSeed';

/** The PostgreSQL advisory lock the first-start seed is taken under (any number, kept). */
const SEED_LOCK = 7_311_042;

/**
 * Runs `seed` holding a PostgreSQL session lock, on a connection of its own: instances that
 * start together on one store (and one ClickHouse warehouse) seed one after the other, and
 * each finds what an earlier one seeded. The lock goes with the connection if the instance
 * dies while seeding; the next one then seeds again (each step checks what is there, demo
 * tables are replaced). SQLite (one process) needs none.
 */
async function underSeedLock<T>(db: Kysely<Database>, seed: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return seed();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection);
    try {
      return await seed();
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
    }
  });
}

/**
 * First-start content, in order: the platform account and the demo tenant; the platform's
 * plans, pages, help and announcement (the seeded tenants then on the plan of their label);
 * the demo warehouse of tenant acme when the settings ask for it; its demo dashboards. Each
 * step seeds only what is not there yet, so a restart keeps edits. Runs after the migrations
 * and after the analytics settings are fixed, under one lock of the store (instances starting
 * together seed once); answers whether the core seed ran (first start).
 */
export async function seedAll(app: FastifyInstance, config: Config): Promise<boolean> {
  return underSeedLock(app.db, async () => {
    const seeded = await seedIfEmpty(app.db, config);
    if (await seedPlatformContent(app.db)) await linkAccountsToPlansByName(app.db);
    if (app.analyticsSettings.seedDemoWarehouse) await seedDemoWarehouseOf(app);
    await seedDemoDashboardsOf(app);
    return seeded;
  });
}
