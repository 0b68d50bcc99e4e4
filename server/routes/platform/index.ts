import type { FastifyInstance } from 'fastify';
import { linkAccountsToPlansByName } from '../../plans/planAccounts';
import { registerAccountCreationRoutes } from './accountCreation';
import { registerAccountMessageRoutes } from './accountMessages';
import { registerAnnouncementRoutes } from './announcements';
import { registerInvitationRoutes } from './invitations';
import { registerApiTokenRoutes } from './apiTokens';
import { registerContentResources } from './contentResources';
import { registerHelpRoutes } from './helpRoutes';
import { registerPasswordResetRoutes } from './passwordReset';
import { seedPlatformContent } from './platformSeed';
import { registerPublicContentRoutes } from './publicContent';
import { registerPublicRegistrationRoutes } from './publicRegistration';
import { registerRegistrationAdminRoutes } from './registrationsAdmin';

// Platform routes: the public registration flow and content, the platform admin's sections
// (registrations, pricing, info, messages, helpsections) and the tenant admin's API tokens.
export async function registerPlatformRoutes(app: FastifyInstance): Promise<void> {
  registerPublicRegistrationRoutes(app);
  registerAccountCreationRoutes(app);
  registerInvitationRoutes(app);
  registerPublicContentRoutes(app);
  registerRegistrationAdminRoutes(app);
  registerContentResources(app);
  registerHelpRoutes(app);
  registerPasswordResetRoutes(app);
  registerApiTokenRoutes(app);
  registerAccountMessageRoutes(app);
  registerAnnouncementRoutes(app);
  // First start: pricing plans, info pages, help sections and an announcement (migrations
  // have run by the time the server is ready).
  app.addHook('onReady', async () => {
    // The seeded tenants are on the seeded plan of their plan label (acme: Team).
    if (await seedPlatformContent(app.db)) await linkAccountsToPlansByName(app.db);
  });
}
