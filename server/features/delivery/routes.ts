import type { FastifyInstance } from 'fastify';
import { DashboardRenderer } from './dashboardRenderer';
import { registerExportRoutes } from './exportRoutes';

// Delivery: dashboards and charts that leave the app as files (exports on demand).

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
}
