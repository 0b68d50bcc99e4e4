import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createDb, migrateToLatest } from './db/connection';
import { seedIfEmpty } from './db/seed';
import { registerConfig } from './plugins/appConfig';
import { registerApiNavigation } from './plugins/apiNavigation';
import { registerAudit } from './plugins/audit';
import { registerAuth } from './plugins/auth';
import { registerDb } from './plugins/db';
import { registerErrorHandling } from './plugins/errors';
import { registerJsonBodyParser } from './plugins/jsonBody';
import { registerNulRefusal } from './plugins/nulCharacters';
import { registerOpenApi } from './plugins/openApi';
import { registerRateLimits } from './plugins/rateLimits';
import { registerRouteIndex } from './plugins/routeIndex';
import { registerSecurityHeaders } from './plugins/security';
import { registerTenantResolution } from './plugins/tenant';
import { registerZodSchemas } from './plugins/zodSchemas';
import { registerAskRoutes } from './routes/ai/askRoutes';
import { registerAnalyticsRoutes } from './routes/analytics';
import { registerAuthRoutes } from './routes/auth';
import { registerDashboardRoutes } from './routes/dashboards';
import { registerGettingStartedRoutes } from './routes/gettingStarted';
import { registerAccountRoutes } from './routes/crud/accounts';
import { registerAuditLogRoutes } from './routes/crud/auditLogs';
import { registerUserRoutes } from './routes/crud/users';
import { registerPlatformRoutes } from './routes/platform';
import { registerProfileRoutes } from './routes/profile';
import { registerSurveyRoutes } from './routes/surveys';
import { registerWebApp } from './routes/webApp';

export interface BuildOptions {
  /** Seed the demo warehouse of tenant acme at first start (default: config, true). */
  seedDemoWarehouse?: boolean;
  logger?: boolean;
}

/** JSON bodies past this answer 413; file uploads have their own limits. */
const JSON_BODY_LIMIT = 100 * 1024;

/**
 * The whole server: metadata store (migrated, seeded on first start), plugins, API routes
 * and the built web app. Tests call it with a temporary DATA_DIR and listen on port 0.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const db = createDb(config);
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    // Only a proxy on this machine may set X-Forwarded-For (the sign-in throttle keys on the IP).
    trustProxy: config.trustProxy,
    // Open keep-alive or aborted sockets must not hold a shutdown (or a test's close) open.
    forceCloseConnections: true,
    // The first start loads the demo warehouse (3M rows) in an onReady hook; a busy machine
    // needs more than Fastify's default 10 s for it.
    pluginTimeout: 120_000,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  registerRouteIndex(app);
  registerZodSchemas(app);
  registerConfig(app, config);
  registerDb(app, db);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerNulRefusal(app);
  await registerSecurityHeaders(app);
  registerApiNavigation(app);
  registerTenantResolution(app, config.baseDomain);
  registerAuth(app);
  registerAudit(app);
  await registerRateLimits(app);
  await registerOpenApi(app);

  await registerAuthRoutes(app);
  await registerProfileRoutes(app);
  await registerUserRoutes(app);
  await registerAccountRoutes(app);
  registerAuditLogRoutes(app);
  await registerPlatformRoutes(app);
  await registerAnalyticsRoutes(app, {
    seedDemoWarehouse: options.seedDemoWarehouse ?? config.seedDemoWarehouse,
  });
  await registerDashboardRoutes(app);
  await registerAskRoutes(app, config.ai);
  await registerGettingStartedRoutes(app);
  registerSurveyRoutes(app);
  await registerWebApp(app, config.webDir);

  app.decorate('seededOnStart', seeded);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True when this start seeded the demo data (the first start on this store). */
    seededOnStart: boolean;
  }
}
