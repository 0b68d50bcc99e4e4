import type { FastifyInstance } from 'fastify';
import { registerBrandRoutes } from './profile/brandRoutes';
import { registerCompanyProfileRoutes } from './profile/companyProfileRoutes';
import { registerMeRoutes } from './profile/meRoutes';

// Company profiles (DESIGN §4-5): the resolved site's brand and logo (public), and the
// companyProfiles records (platform admins: all; admins: their own account's); the signed-in
// user's own profile (/me).
export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  registerBrandRoutes(app);
  registerMeRoutes(app);
  await registerCompanyProfileRoutes(app);
}
