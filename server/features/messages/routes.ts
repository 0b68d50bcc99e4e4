import type { FastifyInstance } from 'fastify';
import { registerAccountMessageRoutes } from './accountMessages';
import { registerAnnouncementRoutes } from './announcements';

// Messages: the outbox of the signed-in user's account, and sending an announcement.
export function registerMessageRoutes(app: FastifyInstance): void {
  registerAccountMessageRoutes(app);
  registerAnnouncementRoutes(app);
}
