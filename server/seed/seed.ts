import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { underAdvisoryLock } from '../db/advisoryLock';
import { linkAccountsToPlansByName } from '../features/plans/planAccounts';
import { seedIfEmpty } from './coreSeed';
import { seedDemoDashboardsOf } from './demoDashboard';
import { seedDemoWarehouseOf } from './demoWarehouse';
import { seedPlatformContent } from './platformSeed';

/** The PostgreSQL advisory lock the first-start seed is taken under (any number, kept). */
const SEED_LOCK = 7_311_042;

// Instances that start together on one store (and one ClickHouse warehouse) seed one after
// the other under this lock, and each finds what an earlier one seeded. If one dies while
// seeding, the next seeds again (each step checks what is there, demo tables are replaced).

/**
 * First-start content, in order: the platform account and the demo tenant; the platform's
 * plans, pages, help and announcement (the seeded tenants then on the plan of their label);
 * the demo warehouse of tenant acme when the settings ask for it; its demo dashboards. Each
 * step seeds only what is not there yet, so a restart keeps edits. Runs after the migrations
 * and after the analytics settings are fixed, under one lock of the store (instances starting
 * together seed once); answers whether the core seed ran (first start).
 */
export async function seedAll(app: FastifyInstance, config: Config): Promise<boolean> {
  return underAdvisoryLock(app.db, SEED_LOCK, async () => {
    const seeded = await seedIfEmpty(app.db, config);
    if (await seedPlatformContent(app.db)) await linkAccountsToPlansByName(app.db);
    if (app.analyticsSettings.seedDemoWarehouse) await seedDemoWarehouseOf(app);
    await seedDemoDashboardsOf(app);
    return seeded;
  });
}
