import type { FastifyInstance } from 'fastify';
import { registerContentResources } from './contentResources';
import { registerHelpRoutes } from './helpRoutes';
import { registerPublicContentRoutes } from './publicContent';

// Platform content: information pages, messages and help sections, as the platform admin
// edits them, as anonymous visitors read them, and the help panel of signed-in users.
export function registerContentRoutes(app: FastifyInstance): void {
  registerPublicContentRoutes(app);
  registerContentResources(app);
  registerHelpRoutes(app);
}
