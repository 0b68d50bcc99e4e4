import type { FastifyInstance } from 'fastify';
import { seedDemoDashboardsOf } from '../../db/demoDashboard';
import { registerChartRoutes } from './chartRoutes';
import { registerDashboardCrudRoutes } from './dashboardRoutes';
import { registerPublicShareRoutes } from './publicShareRoutes';
import { registerShareLinkRoutes } from './shareLinkRoutes';

// Charts, dashboards and share links (issue 4): saved charts (`aicharts`), dashboards with
// duplicate, their share links, and the public share API a link opens.
export async function registerDashboardRoutes(app: FastifyInstance): Promise<void> {
  registerChartRoutes(app);
  registerDashboardCrudRoutes(app);
  registerShareLinkRoutes(app);
  registerPublicShareRoutes(app);
  // After the demo warehouse's onReady hook (registered before this one): the demo dashboards.
  app.addHook('onReady', async () => {
    await seedDemoDashboardsOf(app);
  });
}
