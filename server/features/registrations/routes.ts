import type { FastifyInstance } from 'fastify';
import { registerAccountCreationRoutes } from './accountCreation';
import { registerPublicRegistrationRoutes } from './publicRegistration';
import { registerRegistrationAdminRoutes } from './registrationsAdmin';

// Registrations: the public registration form, the account a registrant creates from the
// pricing page, and the platform admin's decisions.
export function registerRegistrationRoutes(app: FastifyInstance): void {
  registerPublicRegistrationRoutes(app);
  registerAccountCreationRoutes(app);
  registerRegistrationAdminRoutes(app);
}
