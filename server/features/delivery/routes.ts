import type { FastifyInstance } from 'fastify';
import { DashboardRenderer } from './dashboardRenderer';
import { registerSubscriptionDeliveries } from './deliveries';
import { registerExportRoutes } from './exportRoutes';
import { registerSubscriptionRoutes } from './subscriptionRoutes';

// Delivery: dashboards and charts that leave the app: exports on demand, and subscriptions
// delivered on a schedule by e-mail or webhook.

declare module 'fastify' {
  interface FastifyInstance {
    /** The headless browser that renders dashboards to PDF and PNG (launched on first use). */
    dashboardRenderer: DashboardRenderer;
  }
}

export function registerDeliveryRoutes(app: FastifyInstance): void {
  const renderer = new DashboardRenderer(app, app.config.render);
  app.decorate('dashboardRenderer', renderer);
  app.addHook('onClose', () => renderer.close());
  registerExportRoutes(app);
  registerSubscriptionRoutes(app);
  registerSubscriptionDeliveries(app);
}
