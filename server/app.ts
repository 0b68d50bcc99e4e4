import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createDb, migrateToLatest } from './db/connection';
import { registerConfig } from './plugins/appConfig';
import { registerApiNavigation } from './plugins/apiNavigation';
import { registerAudit } from './plugins/audit';
import { registerAuth } from './plugins/auth';
import { registerDb } from './plugins/db';
import { registerErrorHandling } from './plugins/errors';
import { registerJobs } from './plugins/jobs';
import { registerJsonBodyParser } from './plugins/jsonBody';
import { registerNulRefusal } from './plugins/nulCharacters';
import { registerOpenApi } from './plugins/openApi';
import { registerRateLimits } from './plugins/rateLimits';
import { registerRedis } from './plugins/redis';
import { registerSharedInvalidation } from './plugins/sharedInvalidation';
import { registerRouteIndex } from './plugins/routeIndex';
import { registerSecurityHeaders } from './plugins/security';
import { registerTenantResolution } from './plugins/tenant';
import { registerWebApp } from './plugins/webApp';
import { registerAccountRoutes } from './features/accounts/routes';
import { registerAiRoutes } from './features/ai/routes';
import { registerAuditRoutes } from './features/audit/routes';
import { registerAuthRoutes } from './features/auth/routes';
import { scheduleSessionPurge } from './features/auth/sessionPurge';
import { registerBrandRoutes } from './features/brand/routes';
import { registerChartRoutes } from './features/charts/routes';
import { registerContentRoutes } from './features/content/routes';
import { registerDashboardRoutes } from './features/dashboards/routes';
import { registerRevisionRoutes } from './features/revisions/routes';
import { registerAsCodeRoutes } from './features/asCode/routes';
import { registerDatasetRoutes } from './features/datasets/routes';
import { registerDeliveryRoutes } from './features/delivery/routes';
import { registerGettingStartedRoutes } from './features/gettingStarted/routes';
import { registerHealthRoutes } from './features/health/routes';
import { registerInvitationRoutes } from './features/invitations/routes';
import { registerMeRoutes } from './features/me/routes';
import { registerMessageRoutes } from './features/messages/routes';
import { registerPlanRoutes } from './features/plans/routes';
import { registerEmbedRoutes } from './features/embeds/routes';
import { registerPolicyRoutes } from './features/policies/routes';
import { knownRollupsOf } from './features/rollups/repository';
import { registerRollupRoutes } from './features/rollups/routes';
import { registerAnnotationRoutes } from './features/annotations/routes';
import { registerQueryRoutes } from './features/query/routes';
import { registerRegistrationRoutes } from './features/registrations/routes';
import { registerShareRoutes } from './features/shares/routes';
import { registerSourceRoutes } from './features/sources/routes';
import { registerSsoRoutes } from './features/sso/routes';
import { registerScimRoutes } from './features/scim/routes';
import { registerAnalyticsSettings } from './features/sources/analyticsSettings';
import { registerSourceConnectors } from './features/sources/sourceConnectors';
import { registerSurveyRoutes } from './features/surveys/routes';
import { registerTokenRoutes } from './features/tokens/routes';
import { removeStagedUploadsLeftByCrash } from './features/uploads/stagingCleanup';
import { registerUploadRoutes } from './features/uploads/routes';
import { registerUserRoutes } from './features/users/routes';
import { seedAll } from './seed/seed';
import { registerZodSchemas } from './plugins/zodSchemas';
import { registerListAnswerCache } from './http/listAnswerCache';
import { registerOutbox } from './mail/outbox';
import { registerQueryEngine } from './query/executeQuery';
import { loadDataset } from './features/datasets/repository';
import { findSource } from './features/sources/repository';
import { policiesOfAccount } from './db/rowPolicies';
import { userAttributes } from './features/policies/repository';

export interface BuildOptions {
  /** Seed the demo warehouse of tenant acme at first start (default: config, true). */
  seedDemoWarehouse?: boolean;
  logger?: boolean;
}

/** JSON bodies past this answer 413; file uploads have their own limits. */
const JSON_BODY_LIMIT = 100 * 1024;

/**
 * The whole server: metadata store (migrated), plugins, API routes by feature, the built web
 * app, then the start-up housekeeping and the first-start seed. Tests call it with a
 * temporary DATA_DIR and listen on port 0.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const db = createDb(config);
  await migrateToLatest(db);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    // Only the proxies TRUST_PROXY names may set X-Forwarded-For: the rate limits and the
    // sign-in throttle key on the client address, which anyone else could otherwise choose.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // Open keep-alive or aborted sockets must not hold a shutdown (or a test's close) open.
    forceCloseConnections: true,
    // Generous: a busy machine may take more than Fastify's default 10 s to load the plugins.
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
  await registerRedis(app);
  await registerRateLimits(app);
  await registerOpenApi(app);

  // Services the routes share, each after those it uses; each closes what it opened.
  registerListAnswerCache(app);
  registerOutbox(app);
  registerAnalyticsSettings(app, {
    seedDemoWarehouse: options.seedDemoWarehouse ?? config.seedDemoWarehouse,
  });
  registerSourceConnectors(app);
  registerQueryEngine(app, {
    loadDataset,
    findSource,
    policiesOfSource: policiesOfAccount,
    userAttributes,
    rollupsOf: knownRollupsOf,
  });
  await registerSharedInvalidation(app);
  // Background work, after what its jobs use: it stops before those close.
  await registerJobs(app);

  // Signing in, the site's brand, the own profile; the tenant admin's sections.
  await registerAuthRoutes(app);
  await registerBrandRoutes(app);
  registerMeRoutes(app);
  registerHealthRoutes(app);
  await registerUserRoutes(app);
  await registerAccountRoutes(app);
  registerAuditRoutes(app);
  // Single sign-on and SCIM provisioning of each account.
  registerSsoRoutes(app);
  await registerScimRoutes(app);
  // Registration, invitations, platform content, plans, tokens and messages.
  registerRegistrationRoutes(app);
  registerInvitationRoutes(app);
  registerContentRoutes(app);
  registerPlanRoutes(app);
  registerTokenRoutes(app);
  registerMessageRoutes(app);
  // Analytics: data sources, uploads, datasets, queries; charts, dashboards and their shares.
  registerSourceRoutes(app);
  await registerUploadRoutes(app);
  registerDatasetRoutes(app);
  registerPolicyRoutes(app);
  registerRollupRoutes(app);
  registerEmbedRoutes(app);
  await registerQueryRoutes(app);
  registerChartRoutes(app);
  registerAnnotationRoutes(app);
  registerDashboardRoutes(app);
  registerShareRoutes(app);
  registerDeliveryRoutes(app);
  registerRevisionRoutes(app);
  registerAsCodeRoutes(app);
  // Asking in words, the getting-started checklist, surveys; the web app last (its catch-all).
  await registerAiRoutes(app, config.ai);
  await registerGettingStartedRoutes(app);
  registerSurveyRoutes(app);
  await registerWebApp(app, config.webDir);
  // Periodic housekeeping, once per period over all instances.
  scheduleSessionPurge(app);

  // Before the server takes requests: staged files a crash left, then the first-start seed.
  await removeStagedUploadsLeftByCrash(app);
  const seeded = await seedAll(app, config);
  app.decorate('seededOnStart', seeded);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True when this start seeded the demo data (the first start on this store). */
    seededOnStart: boolean;
  }
}
