import type { FastifyInstance } from 'fastify';
import {
  settingsOf,
  setAnalyticsSettings,
  type AnalyticsSettings,
} from '../../analytics/analyticsSettings';
import { closeAllConnectors } from '../../analytics/sourceRepository';
import { removeOrphanedUploads } from '../../analytics/stagingCleanup';
import { seedDemoWarehouseOf } from '../../db/demoWarehouse';
import { registerDataSourceRoutes } from './dataSourceRoutes';
import { registerDatasetRoutes } from './datasetRoutes';
import { registerQueryRoutes } from './queryRoutes';
import { registerUploadRoutes } from './uploadRoutes';

// Analytics routes (issue 3): data sources, uploads, datasets, and the query endpoints.
// `overrides` lets tests set small limits (upload size, allowed hosts).
export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  overrides: Partial<AnalyticsSettings> = {},
): Promise<void> {
  setAnalyticsSettings(app, { ...settingsOf(app), ...overrides });
  registerDataSourceRoutes(app);
  await registerUploadRoutes(app);
  registerDatasetRoutes(app);
  await registerQueryRoutes(app);
  // Files a crash left in staging go first; then, on the first start, the demo warehouse of
  // tenant acme (migrations and the core seed have run).
  app.addHook('onReady', async () => {
    const orphans = await removeOrphanedUploads(settingsOf(app).dataDir);
    if (orphans) app.log.warn(`Removed ${orphans} staged upload file(s) left by a crash.`);
    if (settingsOf(app).seedDemoWarehouse) await seedDemoWarehouseOf(app);
  });
  app.addHook('onClose', async () => {
    await closeAllConnectors(app);
  });
}
