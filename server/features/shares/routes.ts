import type { FastifyInstance } from 'fastify';
import { registerPublicShareRoutes } from './publicShareRoutes';
import { registerShareLinkRoutes } from './shareLinkRoutes';

// Share links of dashboards (editors manage them) and the public share API a link opens.
export function registerShareRoutes(app: FastifyInstance): void {
  registerShareLinkRoutes(app);
  registerPublicShareRoutes(app);
}
